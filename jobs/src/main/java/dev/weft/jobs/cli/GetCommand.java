package dev.weft.jobs.cli;

import dev.weft.api.Lines;
import dev.weft.api.Weft;
import dev.weft.context.error.ExitStatus;
import dev.weft.jobs.cli.options.IndexOption;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "get", description = "Print an item fresh from the source the index was built from (a file of the "
    + "tree, a record of the dataset), or with --lines exactly one indexed chunk (refused when the item changed since "
    + "it was indexed).")
final class GetCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin IndexOption indexOption;

  @Parameters(index = "0", paramLabel = "PATH", description = "Corpus-relative path, as recall prints it.")
  String path;

  @Option(names = "--lines", paramLabel = "A-B", description = "1-based inclusive line range of a chunk, as recall prints it.")
  String lines;

  @Override
  public Integer call() {
    Lines range = lines == null ? null : Lines.parse(lines, "--lines");
    try (Weft weft = Wefts.open(indexOption.forRead())) {
      if (range == null) {
        spec.commandLine().getOut().print(weft.get(path));
        spec.commandLine().getOut().flush();
        return 0;
      }
      Optional<String> body = weft.get(path, range); // a stale pointer is a failure like any other (Failures)
      if (body.isEmpty()) {
        spec.commandLine().getErr().println("weft: lines " + lines + " of " + path
            + " are not an indexed chunk; use the ranges `weft recall` prints");
        return ExitStatus.NOTHING_FOUND.code();
      }
      spec.commandLine().getOut().println(body.get());
      return 0;
    }
  }
}
