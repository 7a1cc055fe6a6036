package dev.weft.jobs;

import dev.weft.index.CorpusIndex;
import dev.weft.index.GenerationManifest;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "generations", description = "List the kept generations, newest first; * marks the served one.")
final class GenerationsCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin IndexOption indexOption;

  @Option(names = "--json", description = "Print JSON.")
  boolean json;

  @Override
  public Integer call() {
    try (CorpusIndex index = CorpusIndex.openExisting(IndexLocator.forRead(indexOption.index))) {
      List<GenerationManifest> generations = index.generations();
      long current = index.current().map(GenerationManifest::generation).orElse(-1L);
      PrintWriter out = spec.commandLine().getOut();
      if (json) {
        out.println(Json.write(generations));
      } else {
        for (GenerationManifest g : generations) {
          out.println((g.generation() == current ? "*" : " ") + "\t" + g.generation() + "\t" + g.createdAt()
              + "\tfiles=" + g.files() + "\tchunks=" + g.chunks());
        }
      }
      return generations.isEmpty() ? WeftCli.NOTHING_FOUND : 0;
    }
  }
}
