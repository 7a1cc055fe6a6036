package dev.weft.context.store;

import java.util.Objects;

/** Values under {@code prefix} whose {@code value.text} matches {@code text}, BM25 with English Porter stemming. */
public record TextQuery(String prefix, String text, int limit) {
  public TextQuery {
    Objects.requireNonNull(prefix, "prefix");
    Objects.requireNonNull(text, "text");
    if (text.isBlank()) {
      throw new IllegalArgumentException("search text must not be blank, got: '" + text + "'");
    }
    if (limit < 1) {
      throw new IllegalArgumentException("limit must be at least 1, got: " + limit);
    }
  }
}
