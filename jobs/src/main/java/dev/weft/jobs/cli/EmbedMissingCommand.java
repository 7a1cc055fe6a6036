package dev.weft.jobs.cli;

import dev.weft.api.Weft;
import dev.weft.context.IngestCounters;
import dev.weft.jobs.cli.options.EmbedBatchOption;
import dev.weft.jobs.cli.options.EmbedderOption;
import dev.weft.jobs.cli.options.IndexOption;
import dev.weft.jobs.cli.options.JsonOption;
import dev.weft.jobs.cli.options.WaitOption;
import dev.weft.jobs.view.Json;
import dev.weft.pipelines.ingest.IngestReport;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

@Command(name = "embed-missing", description = "Give vectors to chunks indexed without one (a failed embed batch, or "
    + "an index built without --embed) and publish a new generation; does nothing when none is missing, and "
    + "publishes nothing and exits 5 when every chunk fails again.")
final class EmbedMissingCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin IndexOption indexOption;
  @Mixin WaitOption waitOption;

  @Mixin EmbedderOption embedderOption;
  @Mixin EmbedBatchOption embedBatch;

  @Mixin JsonOption json;

  @Override
  public Integer call() {
    IngestReport report;
    try (Weft weft = Wefts.open(indexOption.forRead())) {
      report = weft.embedMissing(embedderOption.spec, embedBatch.size, waitOption.duration());
    }
    var out = spec.commandLine().getOut();
    EmbedFailureReport.print(report, spec.commandLine().getErr());
    if (json.on()) {
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
