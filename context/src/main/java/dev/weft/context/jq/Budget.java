package dev.weft.context.jq;

import com.fasterxml.jackson.databind.JsonNode;
import dev.weft.context.jq.JqLimitException.Limit;

/**
 * What one bounded run may still spend, checked by the instrumented query tree on every expression it enters and
 * every value it produces. The evaluation thread finds its budget through {@link #CURRENT}: jq's built-ins are
 * compiled once and shared, so their instrumented nodes cannot hold a run's budget themselves.
 */
final class Budget {
  static final ThreadLocal<Budget> CURRENT = new ThreadLocal<>();

  private final JqBounds bounds;
  private final String what;
  private final long deadlineNanos;
  private long values;
  /** Set once, by the evaluation thread or by the caller (deadline, cancel); sticky, so jq's try cannot undo it. */
  private volatile JqLimitException stopped;

  Budget(JqBounds bounds, String what, long startNanos) {
    this.bounds = bounds;
    this.what = what;
    this.deadlineNanos = startNanos + bounds.deadline().toNanos();
  }

  /** A new input value: the value count is per input. */
  void nextInput() {
    values = 0;
  }

  /** Entering an expression: throws when the run was stopped or is past its deadline. */
  void step() {
    JqLimitException stop = stopped;
    if (stop != null) {
      throw stop;
    }
    if (System.nanoTime() - deadlineNanos > 0) {
      throw stop(Limit.DEADLINE);
    }
  }

  /** A value produced: counted and sized. */
  void value(JsonNode value) {
    step();
    if (++values > bounds.maxValues()) {
      throw stop(Limit.VALUES);
    }
    checkSize(value.isTextual() ? value.textValue().length() : value.size());
  }

  /** A value about to be made of {@code size} chars or elements (checked before it is allocated where possible). */
  void checkSize(long size) {
    if (size > bounds.maxSize()) {
      throw stop(Limit.SIZE);
    }
  }

  /** Stops the run at {@code limit} (the first stop wins) and answers the failure to throw. */
  JqLimitException stop(Limit limit) {
    return stop(limit, null);
  }

  synchronized JqLimitException stop(Limit limit, Throwable cause) {
    if (stopped == null) {
      stopped = new JqLimitException(limit, message(limit), cause);
    }
    return stopped;
  }

  JqLimitException stopped() {
    return stopped;
  }

  private String message(Limit limit) {
    return switch (limit) {
      case DEADLINE -> what + " ran past its deadline of " + bounds.deadline().toMillis() + " ms (the jq time "
          + "bound); narrow the query or its input";
      case VALUES -> what + " produced more than " + bounds.maxValues() + " values for one input (the jq value "
          + "bound); narrow the query (e.g. with limit(n; f) or first(f)) or its input";
      case SIZE -> what + " made a string or collection larger than " + bounds.maxSize() + " chars or elements "
          + "(the jq size bound); narrow the query or its input";
      case DEPTH -> what + " nested deeper than its " + bounds.stackBytes() / 1024 + " KiB stack (the jq depth "
          + "bound); give its recursion an end (a def that calls itself needs a base case)";
      case CANCELLED -> what + " was cancelled before it ended";
    };
  }
}
