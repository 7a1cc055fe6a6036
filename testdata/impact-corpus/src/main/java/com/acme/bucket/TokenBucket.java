package com.acme.bucket;

/** A token bucket. */
public class TokenBucket {
  private long tokens;
  private final long capacity;

  public TokenBucket(long capacity) {
    this.capacity = capacity;
    this.tokens = capacity;
  }

  /** Takes permits when there are enough. */
  public boolean tryAcquire(int permits) {
    refill();
    if (permits > 0 && tokens >= permits) {
      tokens -= permits;
      return true;
    }
    return false;
  }

  private void refill() {
    tokens = Math.min(capacity, tokens + 1);
  }
}
