package dev.weft.context.env;

import java.util.List;

/** A chunking's outcome: how many pieces, and the first few addresses (bounded), not the pieces. */
public record Chunked(String parent, int pieces, List<String> firstAddresses, int removedStale) {
  public Chunked {
    firstAddresses = List.copyOf(firstAddresses);
  }
}
