package dev.weft.jobs.cli;

import dev.weft.api.Generations;
import dev.weft.api.Weft;
import dev.weft.context.error.ExitStatus;
import dev.weft.context.generation.GenerationManifest;
import dev.weft.jobs.cli.options.IndexOption;
import dev.weft.jobs.cli.options.JsonOption;
import dev.weft.jobs.view.Json;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

@Command(name = "generations", description = "List the kept generations, newest first; * marks the served one. "
    + "A damaged CURRENT or an unreadable manifest is reported after the list (exit 4).")
final class GenerationsCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin IndexOption indexOption;

  @Mixin JsonOption json;

  @Override
  public Integer call() {
    try (Weft weft = Wefts.open(indexOption.forRead())) {
      Generations listed = weft.generations();
      List<GenerationManifest> generations = listed.kept();
      long current = listed.served();
      PrintWriter out = spec.commandLine().getOut();
      if (json.on()) {
        out.println(Json.write(generations));
      } else {
        for (GenerationManifest g : generations) {
          out.println((g.generation() == current ? "*" : " ") + "\t" + g.generation() + "\t" + g.createdAt()
              + "\tfiles=" + g.files() + "\tchunks=" + g.chunks());
        }
      }
      // listed first, so what can be served is known; then the damage, as one line and exit 4
      listed.requireIntact();
      return generations.isEmpty() ? ExitStatus.NOTHING_FOUND.code() : 0;
    }
  }
}
