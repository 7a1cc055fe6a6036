package dev.weft.jobs.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.weft.api.Weft;
import dev.weft.context.ledger.Ledger;
import dev.weft.jobs.cli.options.IndexOption;
import dev.weft.jobs.cli.options.JsonOption;
import dev.weft.jobs.view.Json;
import dev.weft.jobs.view.TsvFields;
import java.io.PrintWriter;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code weft ledger goal|memory|skill|limits|report}: the agent's ledger beside the index ({@code INDEX/ledger},
 * docs/ledger.md). Parsing and printing only; the work is {@link Ledger}'s, reached through {@link Weft#ledger}.
 */
@Command(name = "ledger", description = "The ledger beside the index: the goal, evidenced memories, skills, "
    + "retention.", subcommands = {LedgerGoalCommand.class, LedgerRecordCommand.Memory.class,
        LedgerRecordCommand.Skill.class, LedgerCommand.Limits.class, LedgerCommand.Report.class})
final class LedgerCommand implements Runnable {
  @Spec CommandSpec spec;

  @Override
  public void run() {
    throw new CommandLine.ParameterException(spec.commandLine(),
        "a ledger subcommand is required: goal, memory, skill, limits or report");
  }

  /** The options every ledger command shares. */
  static final class Common {
    @Mixin IndexOption index;

    @Mixin JsonOption json;

    /** Opens the Weft whose ledger the command works on. */
    Weft weft() {
      return Wefts.open(index.forRead());
    }
  }

  /** Prints a JSON object as {@code name<TAB>value} lines, nested names joined by dots (stats' form). */
  static void printFields(PrintWriter out, String prefix, JsonNode node) {
    for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> field = it.next();
      String name = prefix.isEmpty() ? field.getKey() : prefix + "." + field.getKey();
      if (field.getValue().isObject() && !field.getValue().isEmpty()) {
        printFields(out, name, field.getValue());
      } else {
        out.println(TsvFields.row(name, text(field.getValue())));
      }
    }
  }

  /** A value as one TSV field: text as it is, anything else as compact JSON. */
  static String text(JsonNode value) {
    return value.isTextual() ? value.textValue() : value.toString();
  }

  @Writes(check = "weft ledger report")
  @Command(name = "limits", mixinStandardHelpOptions = true,
      description = "Set retention limits; unknown names and negative values are refused. "
      + "Prints the slots evicted at once.")
  static final class Limits implements Callable<Integer> {
    @Spec CommandSpec spec;
    @Mixin Common common;

    @Option(names = "--archive", split = ",", paramLabel = "NAME=N",
        description = "maxItems, maxBytes of live slots.")
    Map<String, Long> archive = new LinkedHashMap<>();

    @Option(names = "--goal", split = ",", paramLabel = "NAME=N",
        description = "maxEntries, maxChars, maxBytes of the goal.")
    Map<String, Long> goal = new LinkedHashMap<>();

    @Override
    public Integer call() {
      if (archive.isEmpty() && goal.isEmpty()) {
        throw new IllegalArgumentException("ledger limits needs --archive NAME=N or --goal NAME=N, got neither");
      }
      List<String> evicted = List.of();
      try (Weft weft = common.weft()) {
        Ledger ledger = weft.ledger(null);
        if (!goal.isEmpty()) {
          ledger.goalLimits(goal);
        }
        if (!archive.isEmpty()) {
          evicted = ledger.archiveLimits(archive);
        }
      }
      PrintWriter out = spec.commandLine().getOut();
      if (common.json.on()) {
        out.println(Json.write(Map.of("evicted", evicted)));
      } else {
        evicted.forEach(id -> out.println(TsvFields.row("evicted", id)));
      }
      return 0;
    }
  }

  @Command(name = "report", mixinStandardHelpOptions = true,
      description = "The retention report and the footprint, as name<TAB>value lines.")
  static final class Report implements Callable<Integer> {
    @Spec CommandSpec spec;
    @Mixin Common common;

    @Override
    public Integer call() {
      JsonNode retention;
      JsonNode footprint;
      try (Weft weft = common.weft()) {
        Ledger ledger = weft.ledger(null);
        retention = ledger.retentionReport();
        footprint = ledger.footprint();
      }
      PrintWriter out = spec.commandLine().getOut();
      if (common.json.on()) {
        Map<String, Object> both = new LinkedHashMap<>();
        both.put("retention", retention);
        both.put("footprint", footprint);
        out.println(Json.write(both));
      } else {
        printFields(out, "", retention);
        printFields(out, "footprint", footprint);
      }
      return 0;
    }
  }
}
