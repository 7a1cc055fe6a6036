package dev.weft.jobs;

import dev.weft.bench.WorkDir;
import dev.weft.bench.program.ProgramBench;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "program", mixinStandardHelpOptions = true, description = "Programs, in process: one map of N "
    + "sub-calls of a fixed latency at each concurrency, the wall times and the speed-up against its target "
    + "(docs/benchmarks.md, section Programs).")
final class ProgramBenchCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(names = "--calls", defaultValue = "40", description = "Sub-calls in the map (default: ${DEFAULT-VALUE}).")
  int calls;

  @Option(names = "--latency", defaultValue = "PT0.02S",
      description = "Each sub-call's latency, ISO-8601 (default: ${DEFAULT-VALUE}).")
  Duration latency;

  @Option(names = "--concurrency", split = ",", defaultValue = "1,4",
      description = "In-flight limits to run, the first the baseline (default: ${DEFAULT-VALUE}).")
  List<Integer> concurrency;

  @Option(names = "--rounds", defaultValue = "3", description = "Timed runs per limit, best reported (default: "
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
    ProgramBench.Options options = new ProgramBench.Options(calls, latency, concurrency, rounds, warmups);
    return WorkDir.scratch(work, "weft-bench-program").run(new ProgramBench(options,
        ProgramForms.transport(transport)), spec.commandLine().getOut());
  }
}
