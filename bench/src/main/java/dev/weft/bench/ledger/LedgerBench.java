package dev.weft.bench.ledger;

import dev.weft.bench.Bench;
import dev.weft.bench.Checks;
import dev.weft.context.embed.EmbedderIdentity;
import dev.weft.context.store.InMemoryStore;
import dev.weft.index.store.LuceneStore;
import dev.weft.index.store.LuceneStoreOptions;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code weft bench ledger}: durable mutate commits/s and p50/p95 latency of the Lucene store beside SQLite (WAL,
 * {@code synchronous=FULL}, one transaction per step), the in-memory store and the ceiling of one Lucene commit
 * per step ({@link CommitPointCeiling}), same workload, same run, at each writer-thread count, with the
 * Lucene/SQLite ratio against its target; then recall latency over stored values
 * with embeddings, sweep against {@code Store.rank}. Figures in docs/benchmarks.md.
 *
 * <p>A run first runs every target once untimed, on scratch directories (a warm-up pass): the figures
 * are then steady state for all of them alike. Without it the first target timed in the JVM (the Lucene store)
 * paid the JIT compilation of the Lucene commit path for the targets timed after it (its p50 1.0 ms cold, 0.3 ms
 * warm, against SQLite's native code warm from the start).
 */
public final class LedgerBench implements Bench {
  /** 1 thread: at least half SQLite's commits/s; 8 threads (group commit): at least SQLite's. */
  private static final Map<Integer, Double> TARGETS = Map.of(1, 0.5, 8, 1.0);
  private static final Duration DEADLINE = Duration.ofMinutes(30);
  /** A bare Lucene writer committing only its commit point per step ({@link CommitPointCeiling}). */
  private static final String CEILING = "lucene-commit-point";
  private static final EmbedderIdentity IDENTITY = new EmbedderIdentity("bench-random", 384);

  /**
   * @param steps durable steps per store and thread count, split over the threads
   * @param threads writer-thread counts to run
   * @param values stored-value counts to measure recall over (0 to skip)
   * @param sweeps sweep queries per count (each reads every value)
   * @param ranks rank queries per count
   * @param seed of the vectors
   */
  public record Options(int steps, List<Integer> threads, List<Integer> values, int sweeps, int ranks, long seed) {
    public Options {
      Checks.atLeast("steps", steps, 1);
      threads = List.copyOf(threads);
      values = List.copyOf(values);
      for (int t : threads) {
        Checks.atLeast("threads", t, 1);
      }
      for (int v : values) {
        Checks.atLeast("values", v, 0);
      }
      Checks.atLeast("sweeps", sweeps, 1);
      Checks.atLeast("ranks", ranks, 1);
    }
  }

  private final Options options;

  public LedgerBench(Options options) {
    this.options = options;
  }

  @Override
  public String name() {
    return "ledger";
  }

  /** Runs every part in {@code work}, printing one tab-separated line per figure; a missed target is a figure. */
  @Override
  public int run(Path work, PrintWriter out) throws Exception {
    // untimed: the JIT compiles every target's path before any is timed
    measure(work, "warmup", options.threads().get(0));
    for (int threads : options.threads()) {
      Map<String, MutateLoad.Figures> byStore = new TreeMap<>();
      List<MutateLoad.Figures> figures = measure(work, "t" + threads, threads);
      for (MutateLoad.Figures f : figures) {
        byStore.put(f.store(), f);
        // only a Lucene store groups mutates into commits; the others commit each one alone
        String grouping = f.store().startsWith("lucene") && !f.store().equals(CEILING)
            ? String.format(Locale.ROOT, "\t%.1f mutates per Lucene commit\t%d folds", f.perCommit(), f.folds())
            : "";
        out.printf(Locale.ROOT, "ledger-mutate\t%s\t%d threads\t%d commits\t%.0f commits/s\tp50 %.2f ms\tp95 %.2f ms"
            + "%s%n", f.store(), f.threads(), f.commits(), f.commitsPerSecond(),
            f.latency().p50Millis(), f.latency().p95Millis(), grouping);
      }
            double sqlite = byStore.get("sqlite").commitsPerSecond();
      for (String lucene : List.of("lucene", "lucene-writer-per-commit")) {
        double ratio = byStore.get(lucene).commitsPerSecond() / sqlite;
        Double target = TARGETS.get(threads);
        out.printf(Locale.ROOT, "ledger-ratio\t%s/sqlite\t%d threads\t%.2fx\t%s%n", lucene, threads, ratio,
            target == null ? "no target" : String.format(Locale.ROOT, "target %.1fx: %s", target,
                ratio >= target ? "met" : "missed"));
      }
      if (byStore.containsKey(CEILING)) {
        // how close the store is to the commit protocol's own cost, and what that cost allows against SQLite
        double ceiling = byStore.get(CEILING).commitsPerSecond();
        out.printf(Locale.ROOT, "ledger-ratio\t%s/sqlite\t%d threads\t%.2fx\tthe ceiling of one commit per "
            + "step%n", CEILING, threads, ceiling / sqlite);
        out.printf(Locale.ROOT, "ledger-ratio\tlucene/%s\t%d threads\t%.2fx\tof the ceiling%n", CEILING,
            threads, byStore.get("lucene").commitsPerSecond() / ceiling);
      }
    }
    for (int values : options.values()) {
      if (values == 0) {
        continue;
      }
      try (LuceneStore store = LuceneStore.open(work.resolve("recall-" + values))) {
        long t0 = System.nanoTime();
        RecallLoad.fill(store, values, IDENTITY, options.seed());
        out.printf(Locale.ROOT, "ledger-fill\t%d values\t%d dims\t%.1f s%n", values, IDENTITY.dims(),
            (System.nanoTime() - t0) / 1e9);
        RecallLoad.Figures f = RecallLoad.measure(store, values, IDENTITY, options.sweeps(), options.ranks(),
            options.seed());
        out.printf(Locale.ROOT, "ledger-recall\t%d values\tsweep\tp50 %.2f ms\tp95 %.2f ms\t%d queries%n", values,
            f.sweep().p50Millis(), f.sweep().p95Millis(), f.sweep().count());
        out.printf(Locale.ROOT, "ledger-recall\t%d values\trank\tp50 %.2f ms\tp95 %.2f ms\t%d queries\t%.0fx "
            + "faster p50\ttop-10 agreement with the sweep %.3f%n", values, f.rank().p50Millis(),
            f.rank().p95Millis(), f.rank().count(), f.sweep().p50Millis() / f.rank().p50Millis(), f.agreement());
      }
    }
    return 0;
  }

  /** Every target once at {@code threads}, on directories named after {@code run}. */
  private List<MutateLoad.Figures> measure(Path work, String run, int threads) throws Exception {
    List<MutateLoad.Figures> figures = new ArrayList<>();
    figures.add(MutateLoad.run("lucene", MutateLoad.through(
        LuceneStore.open(work.resolve(run + "-lucene"))), threads, options.steps(), DEADLINE));
    figures.add(MutateLoad.run("lucene-writer-per-commit", MutateLoad.through(LuceneStore.open(
        work.resolve(run + "-lucene-per-commit"), LuceneStoreOptions.defaults().withWriterIdle(Duration.ZERO))),
        threads, options.steps(), DEADLINE));
    figures.add(MutateLoad.run("sqlite", new SqliteTarget(Files.createDirectories(work.resolve(run + "-sqlite"))
        .resolve("kv.db")), threads, options.steps(), DEADLINE));
    if (threads == 1) {
      // one writer commits one step at a time: with more threads it measures only their queueing
      figures.add(MutateLoad.run(CEILING, new CommitPointCeiling(work.resolve(run + "-commit-point")), threads,
          options.steps(), DEADLINE));
    }
    figures.add(MutateLoad.run("memory", MutateLoad.through(new InMemoryStore()), threads, options.steps(),
        DEADLINE));
    return figures;
  }
}
