package dev.weft.jobs;

import dev.weft.api.Weft;
import dev.weft.context.memory.ForgetSelector;
import dev.weft.context.memory.MemoryAuthor;
import dev.weft.context.memory.Memory;
import dev.weft.context.memory.MemoryKind;
import dev.weft.context.memory.MemoryScope;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Writes(check = "weft memory get ID")
@Command(name = "forget", description = "Forget ID and its ID#n segments (never a sibling like IDx), or in bulk "
    + "every record of --kind and/or --by. Prints forgot<TAB>N; forgetting nothing is not an error.")
final class ForgetCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin IndexOption indexOption;
  @Mixin MemoryOptions memoryOptions;

  @Parameters(index = "0", arity = "0..1", paramLabel = "ID", description = "The id to forget, with its segments.")
  String id;

  @Option(names = "--kind", paramLabel = "KIND", description = "Bulk: forget every fact, episode or doc.")
  String kind;

  @Option(names = "--by", paramLabel = "WHO", description = "Bulk: forget everything agent or human wrote.")
  String by;

  @Option(names = "--json", description = "Print JSON.")
  boolean json;

  @Override
  public Integer call() {
    int forgotten;
    try (Weft weft = Wefts.open(indexOption.forRead())) {
      forgotten = forget(weft.memory(memoryOptions.embedder), id, kind, by, memoryOptions.scope());
    }
    spec.commandLine().getOut().println(json ? Json.write(Map.of("forgot", forgotten)) : "forgot\t" + forgotten);
    return 0;
  }

  /** Forgets {@code id} with its segments, or in bulk by kind and/or author; how many records went. */
  static int forget(Memory memory, String id, String kind, String by, MemoryScope scope) {
    if (id != null && (kind != null || by != null)) {
      throw new IllegalArgumentException("forget takes an ID or --kind/--by, not both, got: ID '" + id
          + "' with --kind/--by; forget the id alone, or select in bulk without one");
    }
    if (id == null && kind == null && by == null) {
      throw new IllegalArgumentException("forget needs an ID, or --kind and/or --by to forget in bulk, got none");
    }
    return id != null ? memory.forget(id, scope) : memory.forget(new ForgetSelector(
        kind == null ? null : MemoryKind.parse(kind), by == null ? null : MemoryAuthor.parse(by)), scope);
  }
}
