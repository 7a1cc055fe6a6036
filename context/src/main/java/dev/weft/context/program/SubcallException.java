package dev.weft.context.program;

import java.util.Objects;

/** A sub-call that failed for good (after the implementation's own retries): the reason is recorded per piece. */
public final class SubcallException extends Exception {
  private static final long serialVersionUID = 1L;

  /** Why, as a stable word a report can count by. */
  public enum Reason {
    TIMEOUT,
    RATE_LIMITED,
    SERVER_ERROR,
    REFUSED,
    MALFORMED_REPLY,
    SCHEMA_MISMATCH,
    CANCELLED,
    IO_ERROR
  }

  private final Reason reason;

  public SubcallException(Reason reason, String message) {
    super(message);
    this.reason = Objects.requireNonNull(reason, "reason");
  }

  public SubcallException(Reason reason, String message, Throwable cause) {
    super(message, cause);
    this.reason = Objects.requireNonNull(reason, "reason");
  }

  public Reason reason() {
    return reason;
  }
}
