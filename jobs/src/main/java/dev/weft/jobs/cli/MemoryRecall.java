package dev.weft.jobs.cli;

import dev.weft.api.Weft;
import dev.weft.context.RecallMode;
import dev.weft.context.error.ExitStatus;
import dev.weft.context.memory.MemoryKind;
import dev.weft.context.memory.MemoryQuery;
import dev.weft.context.memory.MemoryRecallResult;
import dev.weft.context.memory.MemoryScope;
import dev.weft.jobs.view.Json;
import dev.weft.jobs.view.MemoryView;
import java.io.PrintWriter;

/** {@code weft recall QUERY --kind fact|episode}: the memory's recall, parsed and printed; the work is the facade's. */
final class MemoryRecall {
  private final RecallCommand command;

  MemoryRecall(RecallCommand command) {
    this.command = command;
  }

  int call() {
    if (command.kinds.size() != 1) {
      throw new IllegalArgumentException("fact and episode are ranked apart from each other and from code and doc; "
          + "recall one kind at a time (--kind fact or --kind episode), got: --kind "
          + String.join(",", command.kinds));
    }
    if (command.allChunks) {
      throw new IllegalArgumentException("--all-chunks applies to code and doc; a memory recall returns records");
    }
    if (command.n != null && command.n < 1) {
      throw new IllegalArgumentException("-n must be at least 1, got: " + command.n);
    }
    MemoryQuery query = new MemoryQuery(String.join(" ", command.query), MemoryKind.parse(command.kinds.get(0)),
        command.scope == null ? null : MemoryScope.parse(command.scope),
        command.n == null ? MemoryQuery.DEFAULT_LIMIT : command.n,
        command.mode == null ? null : RecallMode.parse(command.mode), !command.noLog,
        command.hybrid.pool, command.hybrid.knn, command.hybrid.embedWeight);
    MemoryRecallResult result;
    try (Weft weft = Wefts.open(command.indexOption.forRead())) {
      result = weft.memory(command.embedderOption.spec).recall(query);
    }
    PrintWriter out = command.spec.commandLine().getOut();
    if (command.json.on()) {
      out.println(Json.write(result.hits().stream().map(MemoryView::hit).toList()));
    } else {
      result.hits().forEach(hit -> out.println(MemoryRows.tsv(hit)));
    }
    return result.hits().isEmpty() ? ExitStatus.NOTHING_FOUND.code() : 0;
  }
}
