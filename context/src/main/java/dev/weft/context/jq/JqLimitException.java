package dev.weft.context.jq;

import dev.weft.context.error.ExitStatus;
import dev.weft.context.error.WeftException;

/**
 * A jq evaluation stopped at one of its bounds, or was cancelled: exit {@link ExitStatus#BAD_INPUT} (the query is
 * the user's input), one line naming what ran, the bound and its value, and what to do.
 */
public final class JqLimitException extends WeftException {
  /** Which bound stopped the evaluation. */
  public enum Limit {
    DEADLINE, VALUES, SIZE, DEPTH, CANCELLED
  }

  private final Limit limit;

  JqLimitException(Limit limit, String message, Throwable cause) {
    super(ExitStatus.BAD_INPUT, message, cause);
    this.limit = limit;
  }

  public Limit limit() {
    return limit;
  }
}
