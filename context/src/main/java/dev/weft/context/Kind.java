package dev.weft.context;

import java.util.Locale;

/** What an item is; kinds never share a ranking. */
public enum Kind {
  CODE,
  DOC;

  /** The lower-case name used in the index, the CLI and JSON. */
  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Parses {@code code} or {@code doc} (any case); the error names the value and the choices. */
  public static Kind parse(String value) {
    for (Kind kind : values()) {
      if (kind.id().equalsIgnoreCase(value == null ? "" : value.trim())) {
        return kind;
      }
    }
    throw new IllegalArgumentException("kind must be one of code, doc; got: " + value);
  }
}
