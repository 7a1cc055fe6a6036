package dev.weft.context.jq;

import java.time.Duration;
import java.util.Objects;

/**
 * The bounds one jq evaluation runs under (docs/cli.md, "Bounds").
 *
 * @param deadline how long the whole evaluation (a recall's filter over every record, a select step, a reduce) may
 *     take; past it the caller gets the failure at once
 * @param maxValues how many values the query's expressions may produce for one input value (every intermediate
 *     value counts: {@code .a | .b} produces two per input), so a generator such as {@code range(1e10)} ends here
 * @param maxSize the longest string (in chars) and the largest array or object (in elements) the query may make
 *     or pass on, so no value grows past a bounded size
 * @param stackBytes the stack of the evaluation thread: recursion deeper than it fits ends as the depth bound
 */
public record JqBounds(Duration deadline, long maxValues, int maxSize, long stackBytes) {
  public static final Duration DEFAULT_DEADLINE = Duration.ofSeconds(2);
  public static final long DEFAULT_MAX_VALUES = 1_000_000L;
  public static final int DEFAULT_MAX_SIZE = 16 * 1024 * 1024;
  public static final long DEFAULT_STACK_BYTES = 8L * 1024 * 1024;
  /** Below this a thread cannot even load jq's built-ins' first frames. */
  static final long MIN_STACK_BYTES = 256L * 1024;

  public static final JqBounds DEFAULT =
      new JqBounds(DEFAULT_DEADLINE, DEFAULT_MAX_VALUES, DEFAULT_MAX_SIZE, DEFAULT_STACK_BYTES);

  public JqBounds {
    Objects.requireNonNull(deadline, "deadline");
    if (deadline.isNegative() || deadline.isZero()) {
      throw new IllegalArgumentException("the jq deadline must be positive, got: " + deadline);
    }
    if (maxValues < 1) {
      throw new IllegalArgumentException("the jq value bound must be at least 1, got: " + maxValues);
    }
    if (maxSize < 1) {
      throw new IllegalArgumentException("the jq size bound must be at least 1, got: " + maxSize);
    }
    if (stackBytes < MIN_STACK_BYTES) {
      throw new IllegalArgumentException("the jq stack must be at least " + MIN_STACK_BYTES + " bytes, got: "
          + stackBytes);
    }
  }

  public JqBounds withDeadline(Duration newDeadline) {
    return new JqBounds(newDeadline, maxValues, maxSize, stackBytes);
  }

  public JqBounds withMaxValues(long newMaxValues) {
    return new JqBounds(deadline, newMaxValues, maxSize, stackBytes);
  }

  public JqBounds withMaxSize(int newMaxSize) {
    return new JqBounds(deadline, maxValues, newMaxSize, stackBytes);
  }

  public JqBounds withStackBytes(long newStackBytes) {
    return new JqBounds(deadline, maxValues, maxSize, newStackBytes);
  }
}
