package dev.weft.jobs.cli;

import dev.weft.bench.GraphCostBench;
import dev.weft.bench.WorkDir;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "graph", mixinStandardHelpOptions = true, description = "The import-edge pass's share of ingest: "
    + "the chunk pass, the edge pass and the whole in-process ingest of the corpus, medians of interleaved rounds in "
    + "one run (docs/graph.md, \"Cost\").")
final class GraphBenchCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(names = "--corpus", required = true, paramLabel = "DIR", description = "A source tree.")
  Path corpus;

  @Option(names = "--repeat", defaultValue = "3", paramLabel = "N",
      description = "Measured rounds after one warm-up; the median is printed (default: ${DEFAULT-VALUE}).")
  int repeat;

  @Override
  public Integer call() throws Exception {
    GraphCostBench bench = new GraphCostBench(new GraphCostBench.Options(corpus, repeat));
    return WorkDir.scratch(null, "weft-bench-graph").run(bench, spec.commandLine().getOut());
  }
}
