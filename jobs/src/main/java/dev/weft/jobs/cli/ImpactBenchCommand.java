package dev.weft.jobs.cli;

import dev.weft.bench.ImpactBench;
import dev.weft.bench.WorkDir;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "impact", mixinStandardHelpOptions = true, description = "impact(symbol) latency: p50/p95 over a"
    + " seeded sample of the symbols the index's code defines, beside bm25 recall of the same names in the same run"
    + " (docs/benchmarks.md, section impact).")
final class ImpactBenchCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(names = "--index", required = true, paramLabel = "INDEX", description = "An index of a source tree.")
  Path index;

  @Option(names = "--symbols", defaultValue = "200",
      description = "Defined symbols to sample (default: ${DEFAULT-VALUE}).")
  int symbols;

  @Option(names = "--seed", defaultValue = "42", description = "Seed of the sample (default: ${DEFAULT-VALUE}).")
  long seed;

  @Override
  public Integer call() throws Exception {
    ImpactBench bench = new ImpactBench(new ImpactBench.Options(index, symbols, seed));
    return WorkDir.scratch(null, "weft-bench-impact").run(bench, spec.commandLine().getOut());
  }
}
