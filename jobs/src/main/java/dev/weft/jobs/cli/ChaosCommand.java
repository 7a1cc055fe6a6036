package dev.weft.jobs.cli;

import dev.weft.bench.WorkDir;
import dev.weft.bench.chaos.ChaosBench;
import dev.weft.jobs.cli.options.KeepGenerationsOption;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "chaos", mixinStandardHelpOptions = true, description = "The crash-and-race suite: cycles of index, embed-missing and rollback child "
    + "processes, one killed with SIGKILL at a seeded moment and a rollback racing the index run, while readers run "
    + "recall/get/generations/stats; counts acknowledged generations lost, readers failed, CheckIndex failures and "
    + "leaked bytes (docs/chaos.md). Exits 1 when any count is not zero.")
final class ChaosCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(names = "--cycles", defaultValue = "50", description = "Cycles after the initial build (default: ${DEFAULT-VALUE}).")
  int cycles;

  @Option(names = "--seed", description = "Seed of every random choice (default: the clock; printed either way).")
  Long seed;

  @Option(names = "--work", paramLabel = "DIR",
      description = "Work directory, empty or absent (default: a temp dir, deleted after a clean run).")
  Path work;

  @Mixin KeepGenerationsOption keepGenerations;

  @Option(names = "--embedder", defaultValue = "hash:16", paramLabel = "SPEC",
      description = "Embedder of the embedding runs (default: ${DEFAULT-VALUE}).")
  String embedder;

  @Option(names = "--files", defaultValue = "200", description = "Files in the initial corpus (default: ${DEFAULT-VALUE}).")
  int files;

  @Option(names = "--readers", defaultValue = "2",
      description = "At most this many reader processes at a time, 1 to N per cycle (default: ${DEFAULT-VALUE}).")
  int readers;

  @Option(names = "--beam-rate", defaultValue = "0.05",
      description = "Share of index runs on Beam's DirectRunner, which are slow (default: ${DEFAULT-VALUE}).")
  double beamRate;

  @Option(names = "--race-rate", defaultValue = "0.35",
      description = "Share of index runs a rollback races (default: ${DEFAULT-VALUE}).")
  double raceRate;

  @Option(names = "--hammer-rate", defaultValue = "0.2",
      description = "Share of index runs raced by rollbacks from the suite's own JVM, flipping CURRENT between two "
          + "kept generations until the run holds its lock (default: ${DEFAULT-VALUE}).")
  double hammerRate;

  @Option(names = "--kill-rate", defaultValue = "0.7",
      description = "Share of cycles in which one writer is killed (default: ${DEFAULT-VALUE}).")
  double killRate;

  @Option(names = "--deadline", defaultValue = "120", paramLabel = "SECONDS",
      description = "A child still running after this is killed and counted as hung (default: ${DEFAULT-VALUE}).")
  long deadlineSeconds;

  @Override
  public Integer call() throws Exception {
    ChaosBench.Options options = new ChaosBench.Options(cycles, seed != null ? seed : System.currentTimeMillis(),
        keepGenerations.value(),
        embedder, files, readers, beamRate, raceRate, hammerRate, killRate, Duration.ofSeconds(deadlineSeconds));
    return WorkDir.evidence(work, "weft-chaos").run(new ChaosBench(options, WeftCli.class.getName()),
        spec.commandLine().getOut());
  }
}
