package dev.weft.bench.ledger;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.weft.context.store.Outcome;
import dev.weft.context.store.Scope;
import dev.weft.context.store.Store;
import dev.weft.index.store.LuceneStore;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * The write workload every store runs, the same for each: writer threads each doing read-modify-write steps on
 * their own keys — read {@code counter/T}, write it incremented plus one new record {@code memory/T/N} — each
 * step one durable transaction (one mutate; one SQLite transaction).
 */
final class MutateLoad {
  /** One step of the workload against some store. */
  interface Target extends AutoCloseable {
    /** Thread {@code thread}'s {@code n}-th step; durable when it returns. */
    void step(int thread, long n) throws Exception;

    /** Commits made so far, where the store says (0 otherwise). */
    default long commits() {
      return 0;
    }

    /** Commits that folded logged writes into documents, where the store says (0 otherwise). */
    default long folds() {
      return 0;
    }

    @Override
    void close() throws Exception;
  }

  /** Throughput and latency of one run; {@code perCommit} the steps one Lucene commit held on average (else 1). */
  record Figures(String store, int threads, int commits, double commitsPerSecond, Latencies latency,
      double perCommit, long folds) {}

  private MutateLoad() {}

  /** The record a step writes: a memory-like value of about 150 bytes. */
  static ObjectNode record(int thread, long n) {
    ObjectNode value = JsonNodeFactory.instance.objectNode();
    value.put("text", "memory " + n + " of writer " + thread + ": the refund window is thirty days for "
        + "annual plans");
    value.putArray("tags").add("bench").add("writer-" + thread);
    value.put("at", n);
    return value;
  }

  static String counterKey(int thread) {
    return "counter/" + thread;
  }

  static String recordKey(int thread, long n) {
    return String.format("memory/%d/%08d", thread, n);
  }

  /** The workload through {@link Store#mutate}: one mutate per step. */
  static Target through(Store store) {
    return new Target() {
      @Override
      public void step(int thread, long n) {
        String counter = counterKey(thread);
        String record = recordKey(thread, n);
        store.mutate(Scope.keys(counter, record), current -> {
          JsonNode was = current.get(counter);
          long next = (was == null ? 0 : was.get("n").asLong()) + 1;
          return Outcome.write(Map.of(counter, JsonNodeFactory.instance.objectNode().put("n", next),
              record, record(thread, n)), next);
        });
      }

      @Override
      public long commits() {
        return store instanceof LuceneStore lucene ? lucene.commitCount() : 0;
      }

      @Override
      public long folds() {
        return store instanceof LuceneStore lucene ? lucene.foldCount() : 0;
      }

      @Override
      public void close() {
        store.close();
      }
    };
  }

  /** Runs {@code steps} steps split over {@code threads} threads, all released at once; times each. */
  static Figures run(String name, Target target, int threads, int steps, Duration deadline) throws Exception {
    try (target) {
      return timed(name, target, threads, steps, deadline);
    }
  }

  private static Figures timed(String name, Target target, int threads, int steps, Duration deadline)
      throws Exception {
    long commitsBefore = target.commits();
    long foldsBefore = target.folds();
    int each = Math.max(1, steps / threads);
    long[] nanos = new long[each * threads];
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      CountDownLatch start = new CountDownLatch(1);
      List<Future<?>> done = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        int thread = t;
        done.add(pool.submit(() -> {
          start.await();
          for (int i = 0; i < each; i++) {
            long t0 = System.nanoTime();
            target.step(thread, i);
            nanos[thread * each + i] = System.nanoTime() - t0;
          }
          return null;
        }));
      }
      long t0 = System.nanoTime();
      start.countDown();
      for (Future<?> future : done) {
        future.get(deadline.toMillis(), TimeUnit.MILLISECONDS);
      }
      double seconds = (System.nanoTime() - t0) / 1e9;
      long commits = target.commits() - commitsBefore;
      return new Figures(name, threads, nanos.length, nanos.length / seconds, Latencies.of(nanos),
          commits > 0 ? (double) nanos.length / commits : 1, target.folds() - foldsBefore);
    } finally {
      pool.shutdownNow();
    }
  }
}
