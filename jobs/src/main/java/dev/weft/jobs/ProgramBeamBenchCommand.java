package dev.weft.jobs;

import dev.weft.bench.WorkDir;
import dev.weft.bench.program.BeamProgramBench;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "program-beam", mixinStandardHelpOptions = true, description = "Programs on Beam: one map of N "
    + "pieces at K calls in flight against a model of fixed latency, per runner — wall time against the ideal "
    + "N x latency / K and the mean calls in flight / K measured at the model; then a run killed halfway and the "
    + "calls its re-run makes (only the missing ones) (docs/benchmarks.md, section Programs on Beam).")
final class ProgramBeamBenchCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(names = "--items", defaultValue = "10000", description = "Pieces in the map (default: ${DEFAULT-VALUE}).")
  int items;

  @Option(names = "--max-concurrent", defaultValue = "8",
      description = "K, the calls in flight at most (default: ${DEFAULT-VALUE}).")
  int k;

  @Option(names = "--latency", defaultValue = "PT0.05S",
      description = "Each call's latency, ISO-8601 (default: ${DEFAULT-VALUE}).")
  Duration latency;

  @Option(names = "--runners", split = ",", defaultValue = "direct,flink",
      description = "Beam runners to measure, direct and/or flink ([local]) (default: ${DEFAULT-VALUE}).")
  List<String> runners;

  @Option(names = "--work", paramLabel = "DIR", description = "Scratch directory (default: a temp dir, deleted after).")
  Path work;

  @Override
  public Integer call() throws Exception {
    BeamProgramBench.Options options = new BeamProgramBench.Options(items, k, latency, runners);
    return WorkDir.scratch(work, "weft-bench-program-beam").run(new BeamProgramBench(options),
        spec.commandLine().getOut());
  }
}
