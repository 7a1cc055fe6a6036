package dev.weft.jobs;

import dev.weft.context.IngestCounters;
import dev.weft.context.embed.EmbedderSpec;
import dev.weft.index.CorpusIndex;
import dev.weft.index.CorpusSearcher;
import dev.weft.pipelines.ingest.EmbedMissing;
import dev.weft.pipelines.ingest.IngestReport;
import dev.weft.pipelines.ingest.IngestRequest;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "embed-missing", description = "Give vectors to chunks indexed without one (a failed embed batch, or "
    + "an index built without --embed) and publish a new generation; does nothing when none is missing, and "
    + "publishes nothing and exits 5 when every chunk fails again.")
final class EmbedMissingCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin IndexOption indexOption;
  @Mixin WaitOption waitOption;

  @Option(names = "--embedder", paramLabel = "SPEC",
      description = "Embedder (default: the one the index was built with or last asked for, else bge-small).")
  String embedder;

  @Option(names = "--embed-batch", defaultValue = "32", description = "Chunks per embedding call (default: ${DEFAULT-VALUE}).")
  int embedBatch;

  @Option(names = "--json", description = "Print the run report as JSON.")
  boolean json;

  @Override
  public Integer call() {
    Path indexDir = IndexLocator.forRead(indexOption.index);
    EmbedderSpec embedderSpec;
    try (CorpusIndex index = CorpusIndex.openExisting(indexDir); CorpusSearcher searcher = index.searcher()) {
      embedderSpec = EmbedderChoice.resolve(embedder, searcher.vectorCensus().identity(),
          Optional.ofNullable(searcher.generation().requestedEmbedder()));
    }
    IngestReport report = EmbedMissing.run(indexDir, embedderSpec, embedBatch, IngestRequest.DEFAULT_KEEP_GENERATIONS,
        waitOption.duration());
    var out = spec.commandLine().getOut();
    EmbedFailureReport.print(report, spec.commandLine().getErr());
    if (json) {
      out.println(Json.write(report));
      return 0;
    }
    out.println(report.published() ? "published generation " + report.generation() + " (" + report.elapsedMillis()
        + " ms)" : "no chunk lacks a vector (" + report.elapsedMillis() + " ms)");
    for (Map.Entry<String, Long> e : report.counters().entrySet()) {
      if (e.getKey().startsWith("embed") || e.getKey().equals(IngestCounters.TRUNCATED)) {
        out.println(e.getKey() + "\t" + e.getValue());
      }
    }
    return 0;
  }
}
