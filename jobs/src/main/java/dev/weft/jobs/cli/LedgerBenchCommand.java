package dev.weft.jobs.cli;

import dev.weft.bench.WorkDir;
import dev.weft.bench.ledger.LedgerBench;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "ledger", mixinStandardHelpOptions = true, description = "The ledger's store: durable mutate "
    + "commits/s and p50/p95 of the Lucene store (writer kept, and writer per commit) beside SQLite (WAL, "
    + "synchronous=FULL, one transaction per step) and the in-memory store, same workload and run, with the "
    + "Lucene/SQLite ratio against its target; then recall over stored embeddings, a sweep of every value against "
    + "Store.rank. Every store first runs once untimed (a warm-up pass), so none pays another's JIT compilation "
    + "(docs/benchmarks.md, section Ledger store).")
final class LedgerBenchCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(names = "--steps", defaultValue = "400",
      description = "Durable steps per store and thread count, split over the threads (default: ${DEFAULT-VALUE}).")
  int steps;

  @Option(names = "--threads", split = ",", defaultValue = "1,8",
      description = "Writer-thread counts to run (default: ${DEFAULT-VALUE}).")
  List<Integer> threads;

  @Option(names = "--values", split = ",", defaultValue = "10000",
      description = "Stored-value counts to measure recall over, 0 to skip (default: ${DEFAULT-VALUE}).")
  List<Integer> values;

  @Option(names = "--sweeps", defaultValue = "3",
      description = "Sweep queries per count, each reading every value (default: ${DEFAULT-VALUE}).")
  int sweeps;

  @Option(names = "--ranks", defaultValue = "50", description = "Rank queries per count (default: ${DEFAULT-VALUE}).")
  int ranks;

  @Option(names = "--seed", defaultValue = "42", description = "Seed of the vectors (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(names = "--work", paramLabel = "DIR", description = "Scratch directory (default: a temp dir, deleted after).")
  Path work;

  @Override
  public Integer call() throws Exception {
    LedgerBench.Options options = new LedgerBench.Options(steps, threads, values, sweeps, ranks, seed);
    return WorkDir.scratch(work, "weft-bench-ledger").run(new LedgerBench(options), spec.commandLine().getOut());
  }
}
