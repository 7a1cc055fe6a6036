package dev.weft.context.env;

import java.util.List;

/** The hits (capped) and whether more matches were left out. */
public record GrepResult(List<GrepHit> hits, boolean truncated) {
  public GrepResult {
    hits = List.copyOf(hits);
  }
}
