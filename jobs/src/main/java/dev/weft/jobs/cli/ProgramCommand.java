package dev.weft.jobs.cli;

import dev.weft.agents.program.Compilation;
import dev.weft.agents.program.Plan;
import dev.weft.agents.program.Step;
import dev.weft.api.Weft;
import dev.weft.context.error.ExitStatus;
import dev.weft.jobs.cli.options.JsonOption;
import dev.weft.jobs.view.Json;
import dev.weft.jobs.view.ProgramView;
import dev.weft.jobs.view.TsvFields;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code weft program compile|run}: JSON action programs (docs/programs.md). Parsing and printing only; the work
 * is the api facade's ({@link Weft#programs()}).
 */
@Command(name = "program", description = "Compile and run JSON action programs: chunk/grep/select/stat/peek, a "
    + "bounded map asked of a model, reduce with jq, answer.",
    subcommands = {ProgramCommand.Compile.class, ProgramRunCommand.class})
final class ProgramCommand implements Runnable {
  @Spec CommandSpec spec;

  @Override
  public void run() {
    throw new CommandLine.ParameterException(spec.commandLine(), "a program subcommand is required: compile or run");
  }

  /** {@code weft program compile FILE}: the plan's summary, or every coded error (exit 2). */
  @Command(name = "compile", description = "Compile a program: print its plan, or every error as CODE<TAB>POINTER"
      + "<TAB>MESSAGE (exit 2). Names no step writes are taken to be slots.")
  static final class Compile implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "The program (JSON).")
    Path file;

    @Mixin JsonOption json;

    @Override
    public Integer call() {
      Compilation compilation = Weft.programs().compile(file);
      PrintWriter out = spec.commandLine().getOut();
      if (json.on()) {
        out.println(Json.write(compilation.ok() ? ProgramView.plan(compilation.planOrThrow())
            : ProgramView.errors(compilation.errors())));
      } else if (compilation.ok()) {
        printPlan(out, compilation.planOrThrow());
      } else {
        compilation.errors().forEach(e -> out.println(TsvFields.row(e.code().name(), e.pointer(), e.message())));
      }
      out.flush();
      return compilation.ok() ? 0 : ExitStatus.BAD_INPUT.code();
    }
  }

  static void printPlan(PrintWriter out, Plan plan) {
    out.println(TsvFields.row("name", plan.name()));
    out.println(TsvFields.row("fingerprint", plan.fingerprint()));
    out.println(TsvFields.row("slots", String.join(",", plan.slotsRead())));
    out.println(TsvFields.row("input", Boolean.toString(plan.readsInput())));
    for (Step step : plan.steps()) {
      out.println(TsvFields.row("step", Integer.toString(step.index()), step.op(), step.from(), step.as(),
          ProgramView.detail(step)));
    }
  }

}
