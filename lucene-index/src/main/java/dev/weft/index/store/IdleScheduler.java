package dev.weft.index.store;

import java.io.Closeable;
import java.time.Duration;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/** Runs the kept writer's idle check after a delay: the store's own daemon thread, or a test's hand. */
interface IdleScheduler extends Closeable {
  void schedule(Runnable task, Duration delay);

  @Override
  void close();

  /** One daemon thread, started at the first task and gone 30 s after the last. */
  static IdleScheduler daemon() {
    return new IdleScheduler() {
      private ScheduledThreadPoolExecutor executor;

      @Override
      public synchronized void schedule(Runnable task, Duration delay) {
        if (executor == null) {
          executor = new ScheduledThreadPoolExecutor(1, run -> {
            Thread thread = new Thread(run, "weft-store-idle");
            thread.setDaemon(true);
            return thread;
          });
          executor.setKeepAliveTime(30, TimeUnit.SECONDS);
          // a store that stopped writing keeps no thread
          executor.allowCoreThreadTimeOut(true);
          executor.setRemoveOnCancelPolicy(true);
        }
        executor.schedule(task, delay.toNanos(), TimeUnit.NANOSECONDS);
      }

      @Override
      public synchronized void close() {
        if (executor != null) {
          executor.shutdownNow();
        }
      }
    };
  }
}
