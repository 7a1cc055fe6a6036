package dev.weft.bench;

import java.time.Duration;

/**
 * The checks of bench options, one per kind of value, each message naming the option and the value given. Each
 * bench's options record runs them in its constructor, before anything is created: the commands in jobs only parse.
 */
public final class Checks {
  private Checks() {}

  /** {@code value}, refused below {@code min}: "queries must be at least 1, got: 0". */
  public static int atLeast(String name, int value, int min) {
    if (value < min) {
      throw new IllegalArgumentException(name + " must be at least " + min + ", got: " + value);
    }
    return value;
  }

  /** {@code value}, refused outside [0, 1]: "kill-rate must be between 0 and 1, got: 2.0". */
  public static double share(String name, double value) {
    if (!(value >= 0 && value <= 1)) { // NaN too
      throw new IllegalArgumentException(name + " must be between 0 and 1, got: " + value);
    }
    return value;
  }

  /** {@code value}, refused when zero or negative: "deadline must be positive, got: PT0S". */
  public static Duration positive(String name, Duration value) {
    if (value.isNegative() || value.isZero()) {
      throw new IllegalArgumentException(name + " must be positive, got: " + value);
    }
    return value;
  }
}
