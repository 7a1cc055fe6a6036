package dev.weft.jobs.cli;

import dev.weft.bench.WorkDir;
import dev.weft.bench.program.BeamProgramBench;
import dev.weft.bench.program.ProgramBench;
import dev.weft.jobs.cli.options.FlinkClusterOptions;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "program", mixinStandardHelpOptions = true, description = "Programs, in process: one map of N "
    + "sub-calls of a fixed latency at each concurrency, the wall times and the speed-up against its target; with "
    + "--beam, the Beam runners: mean calls in flight / K, wall vs ideal, a killed run's re-run (docs/benchmarks.md, "
    + "section Programs).")
final class ProgramBenchCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(names = "--calls", defaultValue = "40", description = "Sub-calls in the map (default: ${DEFAULT-VALUE}).")
  int calls;

  @Option(names = "--latency", paramLabel = "DURATION",
      description = "Each sub-call's latency, a duration: 20ms, PT0.02S (default: PT0.02S in process, PT0.05S with --beam).")
  Duration latency;

  @Option(names = "--beam", description = "Measure the Beam runners instead: --items pieces at --k in flight on "
      + "each of --runners, then a run killed halfway and its re-run; with --flink-master, a full run on that "
      + "session cluster too.")
  boolean beam;

  @Option(names = "--items", defaultValue = "10000", description = "With --beam: pieces in the map (default: "
      + "${DEFAULT-VALUE}).")
  int items;

  @Option(names = "--k", defaultValue = "8", description = "With --beam: calls in flight at most (default: "
      + "${DEFAULT-VALUE}).")
  int k;

  @Option(names = "--runners", split = ",", defaultValue = "direct,flink", description = "With --beam: direct "
      + "and/or flink (default: ${DEFAULT-VALUE}).")
  List<String> runners;

  /** With --beam: a session cluster to measure beside the runners ({@code --flink-master}, {@code --parallelism}). */
  @Mixin FlinkClusterOptions cluster = new FlinkClusterOptions();

  @Option(names = "--concurrency", split = ",", defaultValue = "1,4",
      description = "In-flight limits to run, the first the baseline (default: ${DEFAULT-VALUE}).")
  List<Integer> concurrency;

  @Option(names = "--rounds", defaultValue = "5", description = "Timed runs per limit, best reported (default: "
      + "${DEFAULT-VALUE}).")
  int rounds;

  @Option(names = "--warmups", defaultValue = "5", description = "Untimed runs first, at the widest limit "
      + "(default: ${DEFAULT-VALUE}).")
  int warmups;

  @Option(names = "--transport", defaultValue = "stub", description = "stub (real HTTP through the chat client to "
      + "the stub chat server on loopback) or simulated (no HTTP) (default: ${DEFAULT-VALUE}).")
  String transport;

  @Option(names = "--work", paramLabel = "DIR", description = "Scratch directory (default: a temp dir, deleted after).")
  Path work;

  @Override
  public Integer call() throws Exception {
    List<String> clusterArgs = clusterArgs();
    if (beam) {
      BeamProgramBench.Options options = new BeamProgramBench.Options(items, k,
          latency == null ? Duration.ofMillis(50) : latency, runners, clusterArgs);
      return WorkDir.scratch(work, "weft-bench-program-beam").run(new BeamProgramBench(options),
          spec.commandLine().getOut());
    }
    ProgramBench.Options options = new ProgramBench.Options(calls, latency == null ? Duration.ofMillis(20) : latency,
        concurrency, rounds, warmups);
    return WorkDir.scratch(work, "weft-bench-program").run(new ProgramBench(options,
        transport(transport)), spec.commandLine().getOut());
  }

  /** The session cluster's Beam options; {@code --parallelism} alone names no cluster and is refused. */
  private List<String> clusterArgs() {
    if (cluster.master() == null && cluster.parallelism() != null) {
      throw new IllegalArgumentException("--parallelism needs --flink-master HOST:PORT in weft bench program (the "
          + "runners of --runners take their own), got: --parallelism " + cluster.parallelism());
    }
    if (cluster.master() != null && !beam) {
      throw new IllegalArgumentException("--flink-master needs --beam (the in-process bench runs no cluster), got: "
          + "--flink-master " + cluster.master());
    }
    return cluster.beamArgs();
  }

  /** {@code --transport}, refused with the value given and the ones accepted. */
  private static ProgramBench.Transport transport(String transport) {
    for (ProgramBench.Transport t : ProgramBench.Transport.values()) {
      if (t.name().equalsIgnoreCase(transport)) {
        return t;
      }
    }
    throw new IllegalArgumentException("--transport must be one of " + Arrays.stream(ProgramBench.Transport.values())
        .map(t -> t.name().toLowerCase(Locale.ROOT)).toList() + ", got: " + transport);
  }
}
