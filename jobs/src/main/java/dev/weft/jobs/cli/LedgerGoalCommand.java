package dev.weft.jobs.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.weft.api.Weft;
import dev.weft.context.error.ExitStatus;
import dev.weft.context.ledger.GoalPrompt;
import dev.weft.context.ledger.ProgressResult;
import dev.weft.jobs.cli.options.EvidenceOptions;
import dev.weft.jobs.view.Json;
import dev.weft.jobs.view.LedgerView;
import dev.weft.jobs.view.TsvFields;
import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code weft ledger goal set|status|progress|show|checkpoint}. */
@Command(name = "goal", mixinStandardHelpOptions = true,
    description = "The one active objective and its evidenced progress.",
    subcommands = {LedgerGoalCommand.Set.class, LedgerGoalCommand.Status.class, LedgerGoalCommand.Progress.class,
        LedgerGoalCommand.Show.class, LedgerGoalCommand.Checkpoint.class})
final class LedgerGoalCommand implements Runnable {
  @Spec CommandSpec spec;

  @Override
  public void run() {
    throw new CommandLine.ParameterException(spec.commandLine(),
        "a goal subcommand is required: set, status, progress, show or checkpoint");
  }

  @Writes(check = "weft ledger goal show")
  @Command(name = "set", mixinStandardHelpOptions = true,
      description = "Set the objective (the goal before it is cleared); prints its address.")
  static final class Set implements Callable<Integer> {
    @Spec CommandSpec spec;
    @Mixin LedgerCommand.Common common;

    @Parameters(arity = "1..*", paramLabel = "OBJECTIVE", description = "The objective.")
    List<String> objective;

    @Override
    public Integer call() {
      String id;
      try (Weft weft = common.weft()) {
        id = weft.ledger(null).setGoal(String.join(" ", objective));
      }
      PrintWriter out = spec.commandLine().getOut();
      out.println(common.json.on() ? Json.write(Map.of("id", id)) : TsvFields.row(id));
      return 0;
    }
  }

  @Writes(check = "weft ledger goal show")
  @Command(name = "status", mixinStandardHelpOptions = true,
      description = "Move the current goal to active, paused, completed or cleared.")
  static final class Status implements Callable<Integer> {
    @Spec CommandSpec spec;
    @Mixin LedgerCommand.Common common;

    @Parameters(paramLabel = "STATUS", description = "active, paused, completed or cleared.")
    String status;

    @Override
    public Integer call() {
      JsonNode goal;
      try (Weft weft = common.weft()) {
        goal = weft.ledger(null).setGoalStatus(status);
      }
      PrintWriter out = spec.commandLine().getOut();
      out.println(common.json.on() ? goal.toString()
          : TsvFields.row(goal.path("id").asText(), goal.path("status").asText()));
      return 0;
    }
  }

  @Writes(check = "weft ledger goal show")
  @Command(name = "progress", mixinStandardHelpOptions = true,
      description = "Append a progress note with its evidence to the active goal; prints "
      + "the entry's id (and the checkpoint, when the append crossed a goal limit).")
  static final class Progress implements Callable<Integer> {
    @Spec CommandSpec spec;
    @Mixin LedgerCommand.Common common;
    @Mixin EvidenceOptions evidence;

    @Parameters(arity = "1..*", paramLabel = "NOTE", description = "What was done.")
    List<String> note;

    @Override
    public Integer call() {
      ProgressResult result;
      try (Weft weft = common.weft()) {
        result = weft.ledger(null).appendProgress(String.join(" ", note), evidence.evidence());
      }
      PrintWriter out = spec.commandLine().getOut();
      if (common.json.on()) {
        out.println(Json.write(LedgerView.progress(result)));
      } else {
        out.println(TsvFields.row(result.id()));
        result.checkpoint().ifPresent(by -> out.println(TsvFields.row("checkpoint", by)));
        result.reducerRejected().ifPresent(why -> out.println(TsvFields.row("reducerRejected", why)));
      }
      return 0;
    }

  }

  @Command(name = "show", mixinStandardHelpOptions = true,
      description = "The active goal as text for a system prompt; without one, the refusal to "
      + "show instead, and exit 1.")
  static final class Show implements Callable<Integer> {
    @Spec CommandSpec spec;
    @Mixin LedgerCommand.Common common;

    @Override
    public Integer call() {
      GoalPrompt prompt;
      try (Weft weft = common.weft()) {
        prompt = weft.ledger(null).composeGoal();
      }
      PrintWriter out = spec.commandLine().getOut();
      if (common.json.on()) {
        out.println(Json.write(prompt));
      } else {
        prompt.text().lines().forEach(line -> out.println(TsvFields.printable(line)));
      }
      return prompt.active() ? 0 : ExitStatus.NOTHING_FOUND.code();
    }
  }

  @Writes(check = "weft ledger goal show")
  @Command(name = "checkpoint", mixinStandardHelpOptions = true,
      description = "Fold the current goal's progress into a lossless checkpoint now.")
  static final class Checkpoint implements Callable<Integer> {
    @Spec CommandSpec spec;
    @Mixin LedgerCommand.Common common;

    @Override
    public Integer call() {
      JsonNode goal;
      try (Weft weft = common.weft()) {
        goal = weft.ledger(null).checkpointGoal();
      }
      PrintWriter out = spec.commandLine().getOut();
      if (common.json.on()) {
        out.println(goal.toString());
      } else {
        out.println(TsvFields.row(goal.path("id").asText(), "checkpoint",
            goal.path("checkpoint").path("items").size() + " items"));
      }
      return 0;
    }
  }
}
