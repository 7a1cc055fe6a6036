package dev.weft.models.http;

import dev.weft.context.program.CancelSignal;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** Waits between retries; injectable so tests see the waits without sleeping. */
@FunctionalInterface
public interface Sleeper {
  /** Really waits; a cancel ends the wait at once (the caller then checks the signal). */
  Sleeper SYSTEM = new Sleeper() {
    @Override
    public void sleep(Duration duration) throws InterruptedException {
      Thread.sleep(duration.toMillis());
    }

    @Override
    public void sleep(Duration duration, CancelSignal cancel) throws InterruptedException {
      CountDownLatch cancelled = new CountDownLatch(1);
      try (CancelSignal.Registration registration = cancel.onCancel(cancelled::countDown)) {
        cancelled.await(duration.toNanos(), TimeUnit.NANOSECONDS);
      }
    }
  };

  void sleep(Duration duration) throws InterruptedException;

  /**
   * Waits {@code duration} or until {@code cancel} fires, whichever is first. The default waits the whole
   * duration: a recording sleeper returns at once anyway.
   */
  default void sleep(Duration duration, CancelSignal cancel) throws InterruptedException {
    sleep(duration);
  }
}
