package dev.weft.context;

import java.util.Locale;

/** How recall ranks a kind's chunks. */
public enum RecallMode {
  /** BM25 over the kind's text, symbol and path words. */
  BM25,
  /** Nearest neighbours of the query vector (Lucene KNN), filtered to the kind. */
  DENSE,
  /**
   * The BM25 pool joined by the nearest neighbours, ranked by {@code norm(lexical) + embedWeight * norm(cosine)}.
   */
  HYBRID;

  /** The lower-case name used in the CLI and JSON. */
  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** True when the mode needs a query vector. */
  public boolean usesVectors() {
    return this != BM25;
  }

  /** Parses {@code bm25}, {@code dense} or {@code hybrid} (any case); the error names the value and the choices. */
  public static RecallMode parse(String value) {
    for (RecallMode mode : values()) {
      if (mode.id().equalsIgnoreCase(value == null ? "" : value.trim())) {
        return mode;
      }
    }
    throw new IllegalArgumentException("recall mode must be one of bm25, dense, hybrid; got: " + value);
  }
}
