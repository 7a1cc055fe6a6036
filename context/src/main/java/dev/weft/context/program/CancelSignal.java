package dev.weft.context.program;

import java.util.ArrayList;
import java.util.List;

/**
 * A one-way cancel flag that also reaches work in flight: a call registers what aborts it ({@link #onCancel}) and
 * {@link #cancel} runs every registered action once. An action registered after the cancel runs at once, so a
 * call that starts late is aborted too. (The JDK's Future.cancel reaches one future; a map has many.)
 */
public final class CancelSignal {
  private final List<Runnable> actions = new ArrayList<>();
  private boolean cancelled;

  /** A signal that is never cancelled, for callers with nothing to cancel. */
  public static CancelSignal none() {
    return new CancelSignal();
  }

  public synchronized boolean isCancelled() {
    return cancelled;
  }

  /** Cancels: runs every registered action (each once); later calls do nothing. */
  public void cancel() {
    List<Runnable> toRun;
    synchronized (this) {
      if (cancelled) {
        return;
      }
      cancelled = true;
      toRun = List.copyOf(actions);
      actions.clear();
    }
    toRun.forEach(Runnable::run);
  }

  /**
   * Registers {@code action} to run on cancel (at once when already cancelled).
   *
   * @return a handle that unregisters it (call when the work finished, so a long map does not pile up actions)
   */
  public Registration onCancel(Runnable action) {
    synchronized (this) {
      if (!cancelled) {
        actions.add(action);
        return () -> {
          synchronized (CancelSignal.this) {
            actions.remove(action);
          }
        };
      }
    }
    action.run();
    return () -> { };
  }

  /** Unregisters an action. */
  @FunctionalInterface
  public interface Registration extends AutoCloseable {
    @Override
    void close();
  }
}
