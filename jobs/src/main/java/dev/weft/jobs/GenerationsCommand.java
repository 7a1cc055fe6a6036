package dev.weft.jobs;

import dev.weft.index.CorpusIndex;
import dev.weft.context.error.IndexDamagedException;
import dev.weft.index.GenerationManifest;
import dev.weft.index.UnreadableManifest;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "generations", description = "List the kept generations, newest first; * marks the served one. "
    + "A damaged CURRENT or an unreadable manifest is reported after the list (exit 4).")
final class GenerationsCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin IndexOption indexOption;

  @Option(names = "--json", description = "Print JSON.")
  boolean json;

  @Override
  public Integer call() {
    try (CorpusIndex index = CorpusIndex.openExisting(IndexLocator.forRead(indexOption.index))) {
      List<GenerationManifest> generations = index.generations();
      long current = index.servedNumber().orElse(-1L);
      PrintWriter out = spec.commandLine().getOut();
      if (json) {
        out.println(Json.write(generations));
      } else {
        for (GenerationManifest g : generations) {
          out.println((g.generation() == current ? "*" : " ") + "\t" + g.generation() + "\t" + g.createdAt()
              + "\tfiles=" + g.files() + "\tchunks=" + g.chunks());
        }
      }
      // listed first, so what can be served is known; then the damage, as one line and exit 4
      index.current();
      List<UnreadableManifest> unreadable = index.unreadableGenerations();
      if (!unreadable.isEmpty()) {
        UnreadableManifest first = unreadable.get(0);
        throw new IndexDamagedException(first.file(), unreadable.size() + " kept manifest(s) cannot be read and are "
            + "skipped, first " + first.file() + " (" + first.reason() + "); the generations listed are intact; "
            + "delete it or leave it to be pruned, and run `weft check`", null);
      }
      return generations.isEmpty() ? WeftCli.NOTHING_FOUND : 0;
    }
  }
}
