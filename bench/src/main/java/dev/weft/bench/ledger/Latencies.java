package dev.weft.bench.ledger;

import java.util.Arrays;

/** Median and 95th percentile of some operation's durations, in milliseconds (nearest rank). */
public record Latencies(int count, double p50Millis, double p95Millis) {
  public static Latencies of(long[] nanos) {
    if (nanos.length == 0) {
      throw new IllegalArgumentException("latencies need at least one duration, got: none");
    }
    long[] sorted = nanos.clone();
    Arrays.sort(sorted);
    return new Latencies(sorted.length, sorted[(sorted.length - 1) / 2] / 1e6,
        sorted[(int) Math.ceil(sorted.length * 0.95) - 1] / 1e6);
  }
}
