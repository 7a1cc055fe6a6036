package dev.weft.context.graph;

import java.util.Locale;

/** Which edges {@code related} follows from a file: the ones it imports, the ones importing it, or both. */
public enum Direction {
  OUT,
  IN,
  BOTH;

  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Parses {@code out}, {@code in} or {@code both} (any case); the error names the value and the choices. */
  public static Direction parse(String value) {
    for (Direction direction : values()) {
      if (direction.id().equalsIgnoreCase(value == null ? "" : value.trim())) {
        return direction;
      }
    }
    throw new IllegalArgumentException("direction must be one of out, in, both; got: " + value);
  }
}
