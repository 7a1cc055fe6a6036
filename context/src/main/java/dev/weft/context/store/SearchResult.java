package dev.weft.context.store;

import java.util.List;

/** The answer of {@link Store#search}: matching values, best first (BM25 score), ties by key. */
public record SearchResult(List<RankedKey> hits) {
  public SearchResult {
    hits = List.copyOf(hits);
  }
}
