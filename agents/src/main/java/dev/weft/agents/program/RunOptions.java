package dev.weft.agents.program;

import java.time.Duration;
import java.util.OptionalInt;

/**
 * How the in-process runner runs a plan.
 *
 * @param maxConcurrentSubcalls at most this many sub-calls in flight (1 to {@link #MAX_CONCURRENT})
 * @param maxSubcalls replaces the map step's own cap when present (1 to {@link #MAX_SUBCALLS})
 * @param deadline the whole map's deadline: past it the run is cancelled (calls in flight are aborted)
 */
public record RunOptions(int maxConcurrentSubcalls, OptionalInt maxSubcalls, Duration deadline) {
  public static final int MAX_CONCURRENT = 64;
  public static final int MAX_SUBCALLS = 1_000_000;
  public static final int DEFAULT_CONCURRENT = 4;
  public static final Duration DEFAULT_DEADLINE = Duration.ofHours(1);

  public RunOptions {
    if (maxConcurrentSubcalls < 1 || maxConcurrentSubcalls > MAX_CONCURRENT) {
      throw new IllegalArgumentException("max concurrent sub-calls must be between 1 and " + MAX_CONCURRENT
          + ", got: " + maxConcurrentSubcalls);
    }
    maxSubcalls.ifPresent(n -> {
      if (n < 1 || n > MAX_SUBCALLS) {
        throw new IllegalArgumentException("max sub-calls must be between 1 and " + MAX_SUBCALLS + ", got: " + n);
      }
    });
    if (deadline.isNegative() || deadline.isZero()) {
      throw new IllegalArgumentException("the run deadline must be positive, got: " + deadline);
    }
  }

  /** {@link #DEFAULT_CONCURRENT} in flight, the program's own cap, {@link #DEFAULT_DEADLINE}. */
  public static RunOptions defaults() {
    return new RunOptions(DEFAULT_CONCURRENT, OptionalInt.empty(), DEFAULT_DEADLINE);
  }

  public RunOptions withConcurrency(int k) {
    return new RunOptions(k, maxSubcalls, deadline);
  }

  public RunOptions withMaxSubcalls(int n) {
    return new RunOptions(maxConcurrentSubcalls, OptionalInt.of(n), deadline);
  }
}
