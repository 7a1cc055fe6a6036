package dev.weft.index;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.function.LongSupplier;
import org.apache.lucene.store.LockObtainFailedException;
import org.apache.lucene.util.IOSupplier;

/**
 * Retries an attempt to take the write lock until a deadline ({@code --wait SECONDS}), polling rather than
 * spinning. A zero wait tries once. The clock and the sleep are injected so a test drives the waiting. Public for
 * the ledger's Lucene store ({@code dev.weft.index.store}), which waits for the same lock the same way.
 */
public final class LockWait {
  static final Duration POLL = Duration.ofMillis(250);

  /** Sleeps for a while; interruptible. */
  interface Sleeper {
    void sleep(Duration duration) throws InterruptedException;
  }

  private final Duration wait;
  private final Sleeper sleeper;
  private final LongSupplier nanoClock;

  LockWait(Duration wait, Sleeper sleeper, LongSupplier nanoClock) {
    if (wait.isNegative()) {
      throw new IllegalArgumentException("the lock wait must not be negative, got: " + wait);
    }
    this.wait = wait;
    this.sleeper = sleeper;
    this.nanoClock = nanoClock;
  }

  /** Waits up to {@code wait} (zero: one try), polling every {@link #POLL}. */
  public static LockWait of(Duration wait) {
    return new LockWait(wait, duration -> Thread.sleep(duration.toMillis()), System::nanoTime);
  }

  /**
   * Runs {@code attempt} until it does not fail on the lock or the wait is over.
   *
   * @throws LockObtainFailedException the last refusal, once the wait is over
   */
  public <T> T call(IOSupplier<T> attempt) throws IOException {
    long deadline = nanoClock.getAsLong() + wait.toNanos();
    while (true) {
      try {
        return attempt.get();
      } catch (LockObtainFailedException e) {
        long remaining = deadline - nanoClock.getAsLong();
        if (remaining <= 0) {
          throw e;
        }
        try {
          sleeper.sleep(Duration.ofNanos(Math.min(remaining, POLL.toNanos())));
        } catch (InterruptedException interrupted) {
          Thread.currentThread().interrupt();
          InterruptedIOException stop = new InterruptedIOException("interrupted while waiting for the write lock");
          stop.addSuppressed(e);
          throw stop;
        }
      }
    }
  }
}
