package dev.weft.jobs;

import dev.weft.index.CorpusIndex;
import dev.weft.index.CorpusSearcher;
import dev.weft.index.IndexStats;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "stats", description = "What the served generation holds.")
final class StatsCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin IndexOption indexOption;

  @Option(names = "--json", description = "Print JSON.")
  boolean json;

  @Override
  public Integer call() {
    try (CorpusIndex index = CorpusIndex.openExisting(IndexLocator.forRead(indexOption.index));
        CorpusSearcher searcher = index.searcher()) {
      IndexStats stats = searcher.stats();
      spec.commandLine().getOut().println(json ? Json.write(stats) : stats.toString());
      return 0;
    }
  }
}
