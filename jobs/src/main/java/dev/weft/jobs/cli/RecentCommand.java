package dev.weft.jobs.cli;

import dev.weft.api.Weft;
import dev.weft.context.error.ExitStatus;
import dev.weft.context.graph.git.RecentActivity;
import dev.weft.context.graph.git.RecentFile;
import dev.weft.jobs.cli.options.IndexOption;
import dev.weft.jobs.cli.options.JsonOption;
import dev.weft.jobs.view.Json;
import dev.weft.jobs.view.TsvFields;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

@Command(name = "recent", description = "Files edited in the indexed work tree and not yet committed, newest first:"
    + " path, status, modified (from git status; kept apart from recall's ranking). Exit 1 when there are none.")
final class RecentCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin IndexOption indexOption;

  @Mixin JsonOption json;

  @Override
  public Integer call() {
    RecentActivity recent;
    try (Weft weft = Wefts.open(indexOption.forRead())) {
      recent = weft.recentActivity();
    }
    recent.unavailableReason().ifPresent(reason -> spec.commandLine().getErr().println("weft: " + reason));
    PrintWriter out = spec.commandLine().getOut();
    if (json.on()) {
      out.println(Json.write(recent.files()));
    } else {
      for (RecentFile file : recent.files()) {
        out.println(TsvFields.row(file.path(), file.status(), file.modified() == null ? "" : file.modified()));
      }
    }
    return recent.files().isEmpty() ? ExitStatus.NOTHING_FOUND.code() : 0;
  }
}
