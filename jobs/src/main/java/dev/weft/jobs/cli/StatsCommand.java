package dev.weft.jobs.cli;

import dev.weft.api.Stats;
import dev.weft.api.Weft;
import dev.weft.context.Kind;
import dev.weft.jobs.cli.options.IndexOption;
import dev.weft.jobs.cli.options.JsonOption;
import dev.weft.jobs.view.Json;
import dev.weft.jobs.view.TsvFields;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

@Command(name = "stats", description = "What the served generation holds.")
final class StatsCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin IndexOption indexOption;

  @Mixin JsonOption json;

  @Override
  public Integer call() {
    try (Weft weft = Wefts.open(indexOption.forRead())) {
      Stats stats = weft.stats();
      PrintWriter out = spec.commandLine().getOut();
      if (json.on()) {
        out.println(Json.write(stats));
      } else {
        printTable(stats, out);
      }
      return 0;
    }
  }

  /** One {@code name<TAB>value} line per figure, like the index command's counters. */
  private static void printTable(Stats stats, PrintWriter out) {
    out.println("generation\t" + stats.generation());
    out.println(TsvFields.row("corpus_root", stats.corpusRoot()));
    out.println("files\t" + stats.files());
    for (Kind kind : Kind.values()) {
      out.println("chunks." + kind.id() + "\t" + stats.chunks().getOrDefault(kind, 0L));
    }
    stats.vectors().chunksByEmbedder().forEach((identity, count) -> out.println(TsvFields.row("vectors." + identity, count)));
    out.println("chunks_without_vector\t" + stats.vectors().chunksWithoutVectors());
    out.println("index_bytes\t" + stats.indexBytes());
    out.println("disk_bytes\t" + stats.diskBytes());
  }
}
