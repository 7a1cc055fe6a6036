package dev.weft.context.memory;

import java.util.Locale;

/**
 * Who wrote a memory. A human's word counts as confirmed: an agent's memory that is recalled often is a review
 * candidate until a human remembers it again.
 */
public enum MemoryAuthor {
  HUMAN,
  AGENT;

  /** The lower-case name used in the CLI and JSON. */
  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Parses {@code human} or {@code agent} (any case); the error names the value and the choices. */
  public static MemoryAuthor parse(String value) {
    for (MemoryAuthor author : values()) {
      if (author.id().equalsIgnoreCase(value == null ? "" : value.trim())) {
        return author;
      }
    }
    throw new IllegalArgumentException("memory author (by) must be one of human, agent; got: " + value);
  }
}
