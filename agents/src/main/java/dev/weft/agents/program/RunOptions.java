package dev.weft.agents.program;

import dev.weft.context.program.MaxConcurrent;
import java.time.Duration;
import java.util.OptionalInt;

/**
 * How the in-process runner runs a plan.
 *
 * @param maxConcurrent at most this many sub-calls in flight (1 to {@link MaxConcurrent#MAX})
 * @param maxSubcalls replaces the map step's own cap when present (1 to {@link #MAX_SUBCALLS})
 * @param deadline the whole map's deadline: past it the run is cancelled (calls in flight are aborted)
 */
public record RunOptions(int maxConcurrent, OptionalInt maxSubcalls, Duration deadline) {
  public static final int MAX_SUBCALLS = 1_000_000;
  public static final Duration DEFAULT_DEADLINE = Duration.ofHours(1);

  public RunOptions {
    MaxConcurrent.check(maxConcurrent);
    maxSubcalls.ifPresent(n -> {
      if (n < 1 || n > MAX_SUBCALLS) {
        throw new IllegalArgumentException("max sub-calls must be between 1 and " + MAX_SUBCALLS + ", got: " + n);
      }
    });
    if (deadline.isNegative() || deadline.isZero()) {
      throw new IllegalArgumentException("the run deadline must be positive, got: " + deadline);
    }
  }

  /** {@link MaxConcurrent#DEFAULT} in flight, the program's own cap, {@link #DEFAULT_DEADLINE}. */
  public static RunOptions defaults() {
    return new RunOptions(MaxConcurrent.DEFAULT, OptionalInt.empty(), DEFAULT_DEADLINE);
  }

  public RunOptions withMaxConcurrent(int k) {
    return new RunOptions(k, maxSubcalls, deadline);
  }

  public RunOptions withMaxSubcalls(int n) {
    return new RunOptions(maxConcurrent, OptionalInt.of(n), deadline);
  }
}
