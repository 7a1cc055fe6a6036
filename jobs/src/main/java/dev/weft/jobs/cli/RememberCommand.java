package dev.weft.jobs.cli;

import dev.weft.api.Weft;
import dev.weft.context.error.Quote;
import dev.weft.context.memory.MemoryAuthor;
import dev.weft.context.memory.MemoryKind;
import dev.weft.context.memory.Remember;
import dev.weft.context.memory.Remembered;
import dev.weft.jobs.cli.options.IndexOption;
import dev.weft.jobs.cli.options.JsonOption;
import dev.weft.jobs.cli.options.MemoryOptions;
import dev.weft.jobs.view.Json;
import dev.weft.jobs.view.MemoryView;
import dev.weft.jobs.view.TsvFields;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Writes(check = "weft memory get ID")
@Command(name = "remember", description = "Remember TEXT under ID in a scope (replacing what ID held). Prints "
    + "created|updated, id, kind, scope and sequence number, tab-separated.")
final class RememberCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin IndexOption indexOption;
  @Mixin MemoryOptions memoryOptions;

  @Parameters(index = "0", paramLabel = "ID", description = "The id; ID#2 style segments are forgotten with ID.")
  String id;

  @Parameters(index = "1..*", arity = "1..*", paramLabel = "TEXT", description = "What to remember.")
  List<String> text;

  @Option(names = "--kind", defaultValue = "fact", paramLabel = "KIND", description = "fact (default), episode or doc.")
  String kind;

  @Option(names = "--by", defaultValue = "agent", paramLabel = "WHO", description = "agent (default) or human.")
  String by;

  @Option(names = "--occurred-at", paramLabel = "TIME", description = "When it happened, ISO-8601 "
      + "(2026-01-31T09:00:00Z; default now); episodes older than the 30-day window are pruned.")
  String occurredAt;

  @Option(names = "--meta", paramLabel = "JSON", description = "A JSON object kept with the record.")
  String meta;

  @Mixin JsonOption json;

  @Override
  public Integer call() {
    Remember options = new Remember(MemoryKind.parse(kind), MemoryAuthor.parse(by), MemoryView.instant(occurredAt),
        meta == null ? null : MemoryView.object(meta), memoryOptions.scope());
    Remembered done;
    try (Weft weft = Wefts.open(indexOption.forRead())) {
      done = weft.memory(memoryOptions.embedder).remember(id, String.join(" ", text), options);
    }
    PrintWriter out = spec.commandLine().getOut();
    String status = done.created() ? "created" : "updated";
    if (json.on()) {
      out.println(Json.write(MemoryView.remembered(done)));
    } else {
      out.println(TsvFields.row(status, done.record().id(), done.record().kind().id(), done.record().scope(),
          done.record().seq()));
    }
    done.embedFailure().ifPresent(why -> spec.commandLine().getErr().println(TsvFields.printable(
        "weft: remembered '" + Quote.of(id) + "' without a vector (the embedder failed: " + why + "); bm25 recall finds it, "
            + "remember it again to embed it")));
    return 0;
  }

}
