package dev.weft.jobs.cli;

import dev.weft.api.Weft;
import dev.weft.context.generation.GenerationManifest;
import dev.weft.jobs.cli.options.IndexOption;
import dev.weft.jobs.cli.options.WaitOption;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Writes(check = "weft generations")
@Command(name = "rollback", description = "Serve an older kept generation (one pointer move).")
final class RollbackCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin IndexOption indexOption;
  @Mixin WaitOption waitOption;

  @Parameters(index = "0", paramLabel = "GEN", description = "Generation number, as `weft generations` lists it.")
  long generation;

  @Override
  public Integer call() {
    try (Weft weft = Wefts.open(indexOption.forRead())) {
      GenerationManifest served = weft.rollback(generation, waitOption.duration());
      spec.commandLine().getOut().println("serving generation " + served.generation() + " (" + served.createdAt()
          + ", files=" + served.files() + ", chunks=" + served.chunks() + ")");
      return 0;
    }
  }
}
