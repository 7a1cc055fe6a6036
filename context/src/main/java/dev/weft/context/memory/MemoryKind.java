package dev.weft.context.memory;

import java.util.Locale;

/** What a memory is; each kind is ranked apart from the others (and from the corpus's code and doc). */
public enum MemoryKind {
  /** Something that holds until forgotten: a preference, a rule, a decision. */
  FACT,
  /** Something that happened at a time; pruned once it is older than the episode window. */
  EPISODE,
  /** A document the agent keeps beside its facts. */
  DOC;

  /** The lower-case name used in keys, the CLI and JSON. */
  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Parses {@code fact}, {@code episode} or {@code doc} (any case); the error names the value and the choices. */
  public static MemoryKind parse(String value) {
    for (MemoryKind kind : values()) {
      if (kind.id().equalsIgnoreCase(value == null ? "" : value.trim())) {
        return kind;
      }
    }
    throw new IllegalArgumentException("memory kind must be one of fact, episode, doc; got: " + value);
  }
}
