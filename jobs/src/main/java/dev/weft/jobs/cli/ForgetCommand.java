package dev.weft.jobs.cli;

import dev.weft.api.Weft;
import dev.weft.jobs.cli.options.IndexOption;
import dev.weft.jobs.cli.options.JsonOption;
import dev.weft.jobs.cli.options.MemoryOptions;
import dev.weft.jobs.view.Json;
import dev.weft.jobs.view.MemoryView;
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

  @Mixin JsonOption json;

  @Override
  public Integer call() {
    int forgotten;
    try (Weft weft = Wefts.open(indexOption.forRead())) {
      forgotten = MemoryView.forget(weft.memory(memoryOptions.embedder), id, kind, by, memoryOptions.scope());
    }
    spec.commandLine().getOut().println(json.on() ? Json.write(Map.of("forgot", forgotten)) : "forgot\t" + forgotten);
    return 0;
  }

}
