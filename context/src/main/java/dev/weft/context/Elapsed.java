package dev.weft.context;

/** Wall time for reports, from a {@link System#nanoTime()} start: the one conversion, so every report rounds alike. */
public final class Elapsed {
  private Elapsed() {}

  /** Whole milliseconds since {@code startNanos} (a {@link System#nanoTime()} reading), rounded down. */
  public static long millisSince(long startNanos) {
    return (System.nanoTime() - startNanos) / 1_000_000;
  }
}
