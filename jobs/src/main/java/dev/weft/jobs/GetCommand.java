package dev.weft.jobs;

import dev.weft.context.ItemSource;
import dev.weft.context.StalePointerException;
import dev.weft.index.CorpusIndex;
import dev.weft.index.CorpusSearcher;
import dev.weft.transforms.dataset.DatasetItemSource;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "get", description = "Print a file fresh from disk, or with --lines exactly one indexed chunk "
    + "(refused when the file changed since it was indexed).")
final class GetCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin IndexOption indexOption;

  @Parameters(index = "0", paramLabel = "PATH", description = "Corpus-relative path, as recall prints it.")
  String path;

  @Option(names = "--lines", paramLabel = "A-B", description = "1-based inclusive line range of a chunk, as recall prints it.")
  String lines;

  @Override
  public Integer call() {
    try (CorpusIndex index = CorpusIndex.openExisting(IndexLocator.forRead(indexOption.index));
        CorpusSearcher searcher = index.searcher(itemSource(index))) {
      if (lines == null) {
        spec.commandLine().getOut().print(searcher.get(path));
        spec.commandLine().getOut().flush();
        return 0;
      }
      LineRange range = LineRange.parse(lines);
      Optional<String> body;
      try {
        body = searcher.get(path, range.start() - 1, range.end() - 1);
      } catch (StalePointerException e) {
        spec.commandLine().getErr().println("weft: " + e.getMessage());
        return WeftCli.NOTHING_FOUND;
      }
      if (body.isEmpty()) {
        spec.commandLine().getErr().println("weft: lines " + lines + " of " + path
            + " are not an indexed chunk; use the ranges `weft recall` prints");
        return WeftCli.NOTHING_FOUND;
      }
      spec.commandLine().getOut().println(body.get());
      return 0;
    }
  }

  /** A dataset-backed index (its corpus root is the dataset file) reads its items from the dataset's records. */
  private static ItemSource itemSource(CorpusIndex index) {
    Path root = index.current().map(manifest -> Path.of(manifest.corpusRoot())).orElse(null);
    return root != null && Files.isRegularFile(root) ? new DatasetItemSource(root) : null;
  }

  /** A 1-based inclusive range {@code A-B}. */
  record LineRange(int start, int end) {
    static LineRange parse(String value) {
      String[] parts = value.split("-", -1);
      try {
        if (parts.length == 2) {
          int start = Integer.parseInt(parts[0].trim());
          int end = Integer.parseInt(parts[1].trim());
          if (start >= 1 && end >= start) {
            return new LineRange(start, end);
          }
        }
      } catch (NumberFormatException e) {
        // reported below with the rule and the value
      }
      throw new IllegalArgumentException("--lines must be A-B with 1 <= A <= B, got: " + value);
    }
  }
}
