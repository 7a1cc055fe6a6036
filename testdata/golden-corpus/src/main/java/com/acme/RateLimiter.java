package com.acme;

import java.time.Clock;
import java.util.concurrent.TimeUnit;

/**
 * A token-bucket rate limiter: permits refill at a fixed rate up to a burst capacity.
 */
public final class RateLimiter {
  private final Clock clock;
  private final double permitsPerSecond;
  private final int burstCapacity;
  private double storedPermits;
  private long lastRefillNanos;

  /** Creates a limiter that starts with a full bucket. */
  public RateLimiter(Clock clock, double permitsPerSecond, int burstCapacity) {
    this.clock = clock;
    this.permitsPerSecond = permitsPerSecond;
    this.burstCapacity = burstCapacity;
    this.storedPermits = burstCapacity;
  }

  /**
   * Takes one permit when available.
   *
   * @return true when a permit was acquired without waiting
   */
  public boolean tryAcquire() {
    refill();
    if (storedPermits >= 1) {
      storedPermits -= 1;
      return true;
    }
    return false;
  }

  // Adds the permits earned since the last refill, capped at the burst capacity.
  private void refill() {
    long now = TimeUnit.MILLISECONDS.toNanos(clock.millis());
    double earned = (now - lastRefillNanos) / 1e9 * permitsPerSecond;
    storedPermits = Math.min(burstCapacity, storedPermits + earned);
    lastRefillNanos = now;
  }
}
