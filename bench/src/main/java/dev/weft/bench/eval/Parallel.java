package dev.weft.bench.eval;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;

/** Runs independent queries on every core; results land at their index, so the order never depends on timing. */
final class Parallel {
  private Parallel() {}

  static <T> T[] map(int count, IntFunction<T> task, IntFunction<T[]> newArray) {
    T[] results = newArray.apply(count);
    int threads = Math.max(1, Math.min(count, Runtime.getRuntime().availableProcessors()));
    ExecutorService pool = Executors.newFixedThreadPool(threads, runnable -> {
      Thread thread = new Thread(runnable, "weft-eval");
      thread.setDaemon(true);
      return thread;
    });
    AtomicInteger next = new AtomicInteger();
    try {
      List<Future<?>> workers = new ArrayList<>(threads);
      for (int t = 0; t < threads; t++) {
        workers.add(pool.submit(() -> {
          try {
            for (int i = next.getAndIncrement(); i < count; i = next.getAndIncrement()) {
              results[i] = task.apply(i);
            }
          } catch (RuntimeException | Error e) {
            next.set(count); // the others stop at their next query
            throw e;
          }
        }));
      }
      for (Future<?> worker : workers) {
        worker.get();
      }
      return results;
    } catch (ExecutionException e) {
      // a failing query fails the evaluation with its own exception, not a wrapper
      if (e.getCause() instanceof RuntimeException runtime) {
        throw runtime;
      }
      if (e.getCause() instanceof Error error) {
        throw error;
      }
      throw new IllegalStateException("an evaluation query failed", e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while evaluating", e);
    } finally {
      pool.shutdownNow();
    }
  }
}
