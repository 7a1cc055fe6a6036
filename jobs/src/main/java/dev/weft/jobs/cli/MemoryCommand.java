package dev.weft.jobs.cli;

import dev.weft.api.Weft;
import dev.weft.context.error.ExitStatus;
import dev.weft.context.error.Quote;
import dev.weft.context.memory.Memory;
import dev.weft.context.memory.MemoryKind;
import dev.weft.context.memory.MemoryPage;
import dev.weft.context.memory.MemoryRecord;
import dev.weft.context.memory.RecallCandidate;
import dev.weft.jobs.cli.options.IndexOption;
import dev.weft.jobs.cli.options.JsonOption;
import dev.weft.jobs.cli.options.MemoryOptions;
import dev.weft.jobs.view.Json;
import dev.weft.jobs.view.MemoryView;
import dev.weft.jobs.view.TsvFields;
import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.Function;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "memory", description = "Read the memory beside the index: get, list, count, review, promotions.",
    subcommands = {MemoryCommand.Get.class, MemoryCommand.ListRecords.class, MemoryCommand.Count.class,
        MemoryCommand.Review.class, MemoryCommand.Promotions.class})
final class MemoryCommand implements Runnable {
  @Spec CommandSpec spec;

  @Override
  public void run() {
    throw new CommandLine.ParameterException(spec.commandLine(),
        "a subcommand is required: get, list, count, review or promotions");
  }

  /** Options every subcommand shares. */
  static class Base {
    @Spec CommandSpec spec;
    @Mixin IndexOption indexOption;
    @Mixin MemoryOptions memoryOptions;

    @Mixin JsonOption json;

    <T> T withMemory(Function<Memory, T> read) {
      try (Weft weft = Wefts.open(indexOption.forRead())) {
        return read.apply(weft.memoryToRead(memoryOptions.embedder));
      }
    }

    PrintWriter out() {
      return spec.commandLine().getOut();
    }
  }

  @Command(name = "get", description = "The record of ID: id, kind, by, scope, occurredAt, seq, text; exit 1 when "
      + "the scope has no such id.")
  static final class Get extends Base implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "ID")
    String id;

    @Override
    public Integer call() {
      Optional<MemoryRecord> record = withMemory(m -> m.get(id, memoryOptions.scope()));
      if (record.isEmpty()) {
        spec.commandLine().getErr().println(TsvFields.printable("weft: no memory '" + Quote.of(id) + "' in scope "
            + (memoryOptions.scope == null ? "global" : memoryOptions.scope)
            + "; `weft memory list` shows what is there"));
        return ExitStatus.NOTHING_FOUND.code();
      }
      out().println(json.on() ? Json.write(MemoryView.record(record.get())) : MemoryRows.tsv(record.get()));
      return 0;
    }
  }

  @Command(name = "list", description = "Records in insertion order (id, kind, by, scope, occurredAt, seq, text), "
      + "a page at a time; when more remain, stderr says which --after continues. --recent: newest first.")
  static final class ListRecords extends Base implements Callable<Integer> {
    @Option(names = "--kind", paramLabel = "KIND", description = "Only fact, episode or doc.")
    String kind;

    @Option(names = "--after", paramLabel = "SEQ", defaultValue = "0",
        description = "Continue after this sequence number (default 0: from the start).")
    long after;

    @Option(names = "-n", paramLabel = "N", defaultValue = "100", description = "Records per page (default 100).")
    int n;

    @Option(names = "--recent", description = "The N most recently inserted, newest first.")
    boolean recent;

    @Override
    public Integer call() {
      MemoryPage page = withMemory(m -> MemoryView.page(m, memoryOptions.scope(), kind, recent, after, n));
      if (json.on()) {
        out().println(Json.write(MemoryView.page(page)));
      } else {
        page.records().forEach(r -> out().println(MemoryRows.tsv(r)));
        page.next().ifPresent(next -> spec.commandLine().getErr().println(
            "weft: more records; continue with --after " + next));
      }
      return page.records().isEmpty() ? ExitStatus.NOTHING_FOUND.code() : 0;
    }

  }

  @Command(name = "count", description = "How many records the scope holds (of --kind when given).")
  static final class Count extends Base implements Callable<Integer> {
    @Option(names = "--kind", paramLabel = "KIND", description = "Only fact, episode or doc.")
    String kind;

    @Override
    public Integer call() {
      long count = withMemory(m -> m.count(memoryOptions.scope(), kind == null ? null : MemoryKind.parse(kind)));
      out().println(json.on() ? Json.write(Map.of("count", count)) : Long.toString(count));
      return 0;
    }
  }

  /** The candidates' shared shape: recalls, then the record's row. */
  abstract static class Candidates extends Base implements Callable<Integer> {
    @Option(names = "--threshold", paramLabel = "N", defaultValue = "3",
        description = "Logged recalls at least (default 3).")
    int threshold;

    abstract List<RecallCandidate> find(Memory memory);

    @Override
    public Integer call() {
      List<RecallCandidate> candidates = withMemory(this::find);
      if (json.on()) {
        out().println(Json.write(candidates.stream().map(c -> Map.of("recalls", c.recalls(),
            "memory", MemoryView.record(c.record()))).toList()));
      } else {
        candidates.forEach(c -> out().println(c.recalls() + "\t" + MemoryRows.tsv(c.record())));
      }
      return candidates.isEmpty() ? ExitStatus.NOTHING_FOUND.code() : 0;
    }
  }

  @Command(name = "review", description = "Agent-written records recalled at least --threshold times: confirm "
      + "them (remember again --by human) or forget them. Prints recalls, then the record's row.")
  static final class Review extends Candidates {
    @Override
    List<RecallCandidate> find(Memory memory) {
      return memory.reviewCandidates(threshold, memoryOptions.scope());
    }
  }

  @Command(name = "promotions", description = "Episodes recalled at least --threshold times: remember them as "
      + "facts (remember ID TEXT --kind fact). Prints recalls, then the record's row.")
  static final class Promotions extends Candidates {
    @Override
    List<RecallCandidate> find(Memory memory) {
      return memory.promotionCandidates(threshold, memoryOptions.scope());
    }
  }
}
