package dev.weft.context;

import java.util.Locale;

/** Why an item was not indexed; each is counted under {@link #counter()}. */
public enum SkipReason {
  BINARY,
  UNDECODABLE,
  TOO_LARGE,
  UNREADABLE,
  SYMLINK_OUTSIDE_ROOT,
  /** A FIFO, socket or device where a file was expected: never opened, since a FIFO blocks its reader. */
  SPECIAL_FILE,
  /** A dataset line or row without an id or text, or not a record at all. */
  INVALID_RECORD,
  EMPTY;

  public String counter() {
    return name().toLowerCase(Locale.ROOT);
  }
}
