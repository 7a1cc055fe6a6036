package dev.weft.agents.loop;

import dev.weft.context.program.CancelSignal;
import java.util.OptionalLong;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.LongSupplier;

/**
 * One run's clock and its ms budget. The budget is checked between steps ({@link #passed}) and reaches a model
 * call in flight through {@link #guard}: a per-call cancel signal that fires at the deadline (or with the run's own
 * cancel), which the chat client honours by aborting the exchange — so the HTTP wait ends at the deadline, not at
 * the endpoint's own timeout.
 */
final class RunClock {
  /** One daemon thread for every agent's deadlines: it only flips signals, never runs a call. */
  private static final ScheduledThreadPoolExecutor TIMER = timer();

  private final LongSupplier nanos;
  private final long start;
  private final OptionalLong ms;

  RunClock(LongSupplier nanos, OptionalLong ms) {
    this.nanos = nanos;
    this.start = nanos.getAsLong();
    this.ms = ms;
  }

  long elapsedMs() {
    return (nanos.getAsLong() - start) / 1_000_000;
  }

  /** Whether the ms budget is spent. */
  boolean passed() {
    return ms.isPresent() && nanos.getAsLong() - start >= ms.getAsLong() * 1_000_000;
  }

  /** A signal for one model call: cancelled by {@code run}'s cancel and, with an ms budget, at the deadline. */
  Guard guard(CancelSignal run) {
    return new Guard(run);
  }

  /** One call's signal; close it when the call returned. */
  final class Guard implements AutoCloseable {
    private final CancelSignal signal = new CancelSignal();
    private final AtomicBoolean fired = new AtomicBoolean();
    private final CancelSignal.Registration registration;
    private final ScheduledFuture<?> timer;

    private Guard(CancelSignal run) {
      registration = run.onCancel(signal::cancel);
      if (ms.isPresent()) {
        long left = ms.getAsLong() * 1_000_000 - (nanos.getAsLong() - start);
        timer = TIMER.schedule(() -> {
          fired.set(true);
          signal.cancel();
        }, Math.max(0, left), TimeUnit.NANOSECONDS);
      } else {
        timer = null;
      }
    }

    CancelSignal signal() {
      return signal;
    }

    /** Whether the deadline, rather than the run's cancel, ended the call. */
    boolean deadlineFired() {
      return fired.get();
    }

    @Override
    public void close() {
      registration.close();
      if (timer != null) {
        timer.cancel(false);
      }
    }
  }

  private static ScheduledThreadPoolExecutor timer() {
    ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1, runnable -> {
      Thread thread = new Thread(runnable, "weft-agent-deadline");
      thread.setDaemon(true);
      return thread;
    });
    timer.setRemoveOnCancelPolicy(true); // a finished call's timer leaves the queue at once
    return timer;
  }
}
