package dev.weft.index.store;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Disk waits of the commit-point journal that are not on {@link SyncOnceDirectory}'s pool (a compaction's fsyncs,
 * the force before a real file is deleted): each runs on the journal's own thread and is waited for at most the
 * deadline, so a disk that stops answering fails the caller instead of hanging it.
 */
final class JournalWaits implements AutoCloseable {
  interface Wait {
    void run() throws IOException;
  }

  private final Duration deadline;
  /** Guarded by this; made on first use, so a store that never compacts keeps no thread. */
  private ExecutorService thread;

  JournalWaits(Duration deadline) {
    this.deadline = deadline;
  }

  /** Runs {@code wait} and waits for it at most the deadline; {@code what} names it in a failure. */
  void run(String what, Wait wait) throws IOException {
    Future<?> done;
    synchronized (this) {
      if (thread == null) {
        thread = Executors.newSingleThreadExecutor(task -> {
          Thread made = new Thread(task, "weft-store-journal");
          made.setDaemon(true);
          return made;
        });
      }
      done = thread.submit(() -> {
        wait.run();
        return null;
      });
    }
    try {
      done.get(deadline.toMillis(), TimeUnit.MILLISECONDS);
    } catch (ExecutionException e) {
      throw e.getCause() instanceof IOException io ? io
          : new IOException("cannot " + what + ": " + e.getCause(), e.getCause());
    } catch (TimeoutException e) {
      throw new IOException("cannot " + what + ": it did not finish within " + deadline.toMillis()
          + " ms; the disk is not answering — check it, then retry");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while waiting to " + what);
    }
  }

  @Override
  public synchronized void close() {
    if (thread != null) {
      thread.shutdown();
    }
  }
}
