package dev.weft.context.error;

import java.util.Objects;

/**
 * A failure that reaches a user as one line: its message says what happened, which file or value, and what to do;
 * its {@link ExitStatus} says what a scheduler should make of it. Subclasses name the common cases.
 */
public class WeftException extends RuntimeException {
  private final ExitStatus status;

  public WeftException(ExitStatus status, String message) {
    super(message);
    this.status = Objects.requireNonNull(status, "status");
  }

  public WeftException(ExitStatus status, String message, Throwable cause) {
    super(message, cause);
    this.status = Objects.requireNonNull(status, "status");
  }

  public ExitStatus status() {
    return status;
  }
}
