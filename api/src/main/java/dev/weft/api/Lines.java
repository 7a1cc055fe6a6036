package dev.weft.api;

import dev.weft.context.Hit;

/**
 * A 1-based inclusive line range, as editors show lines: the one convention wherever a user sees lines (recall's
 * TSV and JSON, {@code get --lines}, this API). The index stores 0-based lines; only this record converts.
 *
 * @param first the first line, at least 1
 * @param last the last line, at least {@code first}
 */
public record Lines(int first, int last) {
  public Lines {
    if (first < 1 || last < first) {
      throw new IllegalArgumentException("lines must be A-B with 1 <= A <= B, got: " + first + "-" + last);
    }
  }

  /** The lines of a hit's chunk. */
  public static Lines of(Hit hit) {
    return new Lines(hit.chunk().startLine() + 1, hit.chunk().endLine() + 1);
  }

  /**
   * Parses {@code A-B}, as recall prints it.
   *
   * @param name what the value is called where it came from ({@code --lines}), for the message
   */
  public static Lines parse(String value, String name) {
    String[] parts = value.split("-", -1);
    try {
      if (parts.length == 2) {
        int first = Integer.parseInt(parts[0].trim());
        int last = Integer.parseInt(parts[1].trim());
        if (first >= 1 && last >= first) {
          return new Lines(first, last);
        }
      }
    } catch (NumberFormatException e) {
      // reported below with the rule and the value
    }
    throw new IllegalArgumentException(name + " must be A-B with 1 <= A <= B, got: " + value);
  }

  /** The 0-based first line the index stores. */
  int startLine() {
    return first - 1;
  }

  /** The 0-based last line the index stores. */
  int endLine() {
    return last - 1;
  }

  /** {@code A-B}. */
  @Override
  public String toString() {
    return first + "-" + last;
  }
}
