package dev.weft.jobs.cli;

import dev.weft.api.CheckReport;
import dev.weft.api.Weft;
import dev.weft.context.error.ExitStatus;
import dev.weft.jobs.cli.options.IndexOption;
import dev.weft.jobs.cli.options.JsonOption;
import dev.weft.jobs.cli.options.WaitOption;
import dev.weft.jobs.view.Json;
import dev.weft.jobs.view.TsvFields;
import java.io.PrintWriter;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

@Command(name = "check", description = "Run Lucene's CheckIndex on every kept generation and report each: "
    + "exit 0 when all pass, 4 when CURRENT or any kept generation is damaged (see docs/index-format.md).")
final class CheckCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin IndexOption indexOption;
  @Mixin WaitOption waitOption;

  @Mixin JsonOption json;

  @Override
  public Integer call() {
    CheckReport report;
    try (Weft weft = Wefts.open(indexOption.forRead())) {
      report = weft.check(waitOption.duration());
    }
    PrintWriter out = spec.commandLine().getOut();
    if (json.on()) {
      out.println(Json.write(report));
    } else {
      out.println("current\t" + (report.currentProblem().isEmpty() ? Long.toString(report.served())
          : TsvFields.field("damaged: " + report.currentProblem())));
      for (CheckReport.GenerationCheck check : report.generations()) {
        printFields(out, check);
      }
    }
    if (report.healthy()) {
      return ExitStatus.OK.code();
    }
    PrintWriter err = spec.commandLine().getErr();
    err.println("weft: " + TsvFields.printable(summary(report)));
    err.flush();
    return ExitStatus.DAMAGED.code();
  }

  /** The one line a scheduler logs: what is damaged and the way out. */
  private static String summary(CheckReport report) {
    if (!report.currentProblem().isEmpty()) {
      return report.currentProblem();
    }
    List<Long> damaged = report.generations().stream().filter(g -> !g.ok()).map(CheckReport.GenerationCheck::generation)
        .toList();
    Optional<Long> intact = report.generations().stream().filter(CheckReport.GenerationCheck::ok)
        .map(CheckReport.GenerationCheck::generation).findFirst();
    CheckReport.GenerationCheck first = report.generations().stream().filter(g -> !g.ok()).findFirst().orElseThrow();
    return "kept generation(s) " + damaged + " failed the check, first " + first.generation() + ": " + first.problem()
        + "; " + intact.map(g -> "`weft rollback " + g + "` serves an intact one, ").orElse("")
        + "`weft index --rebuild` re-indexes from the corpus";
  }

  /** One {@code generation<TAB>name<TAB>value} line per field of the record, in declaration order. */
  private static void printFields(PrintWriter out, CheckReport.GenerationCheck check) {
    for (RecordComponent component : CheckReport.GenerationCheck.class.getRecordComponents()) {
      if (component.getName().equals("generation")) {
        continue;
      }
      Object value;
      try {
        value = component.getAccessor().invoke(check);
      } catch (IllegalAccessException | InvocationTargetException e) {
        throw new IllegalStateException("cannot read " + component.getName() + " of a generation check", e);
      }
      out.println(check.generation() + "\t" + component.getName() + "\t" + TsvFields.field(String.valueOf(value)));
    }
  }
}
