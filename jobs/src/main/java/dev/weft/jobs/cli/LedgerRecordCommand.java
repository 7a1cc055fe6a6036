package dev.weft.jobs.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.weft.api.Weft;
import dev.weft.context.error.ExitStatus;
import dev.weft.context.error.Quote;
import dev.weft.context.error.WeftException;
import dev.weft.context.ledger.EmbedReport;
import dev.weft.context.ledger.Ledger;
import dev.weft.context.ledger.RecallQuery;
import dev.weft.context.ledger.Recalled;
import dev.weft.context.ledger.WriteResult;
import dev.weft.jobs.cli.options.EmbedderForms;
import dev.weft.jobs.cli.options.EvidenceOptions;
import dev.weft.jobs.view.Json;
import dev.weft.jobs.view.LedgerView;
import dev.weft.jobs.view.TsvFields;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.HashSet;
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
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code weft ledger memory|skill add|get|delete|recall|embed-missing}: the commands the two kinds share. */
abstract class LedgerRecordCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin LedgerCommand.Common common;

  @Parameters(index = "0", paramLabel = "ACTION", completionCandidates = Actions.class,
      description = "One of ${COMPLETION-CANDIDATES}.")
  String action;

  /** The actions, as help and the command-hint check ({@code CommandHintsTest}) read them. */
  static final class Actions implements Iterable<String> {
    static final List<String> ALL = List.of("add", "get", "delete", "recall", "embed-missing");

    @Override
    public Iterator<String> iterator() {
      return ALL.iterator();
    }
  }

  @Parameters(index = "1..*", arity = "0..*", paramLabel = "ARG",
      description = "add: the memory's text (memory) or the skill's name (skill); get/delete: the address.")
  List<String> args = new ArrayList<>();

  @Option(names = "--tag", paramLabel = "TAG", description = "A tag (repeatable): on add, kept; on recall, matched.")
  List<String> tags = new ArrayList<>();

  @Option(names = "--where", paramLabel = "JQ", description = "recall: a jq predicate over the record.")
  String where;

  @Option(names = "--near", paramLabel = "TEXT", description = "recall: rank by similarity to TEXT, embedded by "
      + "the model the ledger's vectors were made by (--embedder names one when none is recorded).")
  String near;

  @Option(names = "-n", paramLabel = "N", defaultValue = "10", description = "recall: at most N hits (default 10).")
  int n;

  @Option(names = "--min-score", paramLabel = "X", description = "recall: drop hits scoring below X.")
  Double minScore;

  @Option(names = "--embedder", paramLabel = "SPEC", completionCandidates = EmbedderForms.class,
      description = "recall --near and embed-missing: the embedder, one of ${COMPLETION-CANDIDATES}.")
  String embedder;

  @Option(names = "--limit", paramLabel = "N", defaultValue = "1000000",
      description = "embed-missing: at most N records.")
  int limit;

  @Option(names = "--batch", paramLabel = "N", defaultValue = "32", description = "embed-missing: texts per call.")
  int batch;

  /** {@code memory} or {@code skill}. */
  abstract String kind();

  abstract WriteResult add(Ledger ledger);

  abstract Recalled recall(Ledger ledger, RecallQuery query);

  /** The column a recall row shows for a record: a memory's text, a skill's name. */
  abstract String label(JsonNode record);

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    try (Weft weft = common.weft()) {
      Ledger ledger = weft.ledger(embedder);
      switch (action) {
        case "add" -> {
          WriteResult written = add(ledger);
          print(out, written.id(), written.embedFailure().orElse(null));
          return 0;
        }
        case "get" -> {
          JsonNode record = ledger.get(address()).orElseThrow(() -> new WeftException(ExitStatus.NOTHING_FOUND,
              "no " + address() + " in the ledger: list them with `weft ledger " + kind() + " recall`"));
          if (common.json.on()) {
            out.println(record.toString());
          } else {
            LedgerCommand.printFields(out, "", record);
          }
          return 0;
        }
        case "delete" -> {
          ledger.delete(address());
          print(out, address(), null);
          return 0;
        }
        case "recall" -> {
          return recall(out, ledger);
        }
        case "embed-missing" -> {
          return embedMissing(out, ledger);
        }
        default -> throw new CommandLine.ParameterException(spec.commandLine(), "unknown " + kind() + " action '"
            + Quote.of(action) + "': use one of " + String.join(", ", Actions.ALL));
      }
    }
  }

  private int recall(PrintWriter out, Ledger ledger) {
    Recalled recalled = recall(ledger, LedgerView.query(n, tags, where, near, minScore));
    if (common.json.on()) {
      out.println(Json.write(LedgerView.recalled(recalled)));
    } else {
      for (Recalled.Hit hit : recalled.hits()) {
        out.println(TsvFields.row(hit.id(), String.format("%.4f", hit.score()), label(hit.value()),
            LedgerCommand.text(hit.value().path("tags"))));
      }
    }
    return recalled.hits().isEmpty() ? ExitStatus.NOTHING_FOUND.code() : 0;
  }

  private int embedMissing(PrintWriter out, Ledger ledger) {
    EmbedReport report = ledger.embedMissing(limit, batch);
    if (common.json.on()) {
      Map<String, Object> json = new LinkedHashMap<>();
      json.put("embedded", report.embedded());
      json.put("remaining", report.remaining());
      report.failure().ifPresent(why -> json.put("failure", why));
      out.println(Json.write(json));
    } else {
      out.println(TsvFields.row("embedded", report.embedded()));
      out.println(TsvFields.row("remaining", report.remaining()));
    }
    if (report.failure().isPresent()) {
      spec.commandLine().getErr().println("weft: " + TsvFields.printable(report.failure().get()));
      return report.embedded() == 0 ? ExitStatus.IO_FAILURE.code() : 0;
    }
    return 0;
  }

  private void print(PrintWriter out, String id, String embedFailure) {
    if (common.json.on()) {
      Map<String, Object> json = new LinkedHashMap<>();
      json.put("id", id);
      if (embedFailure != null) {
        json.put("embedFailure", embedFailure);
      }
      out.println(Json.write(json));
    } else {
      out.println(TsvFields.row(id));
    }
    if (embedFailure != null) {
      spec.commandLine().getErr().println("weft: " + TsvFields.printable(embedFailure));
    }
  }

  String address() {
    if (args.size() != 1) {
      throw new IllegalArgumentException(kind() + " " + action + " takes one address (" + kind() + ":N), got: "
          + args);
    }
    if (!args.get(0).startsWith(kind() + ":")) {
      throw new IllegalArgumentException("a " + kind() + " address has the form " + kind() + ":N, got: '"
          + args.get(0) + "'");
    }
    return args.get(0);
  }

  String joinedArgs(String what) {
    if (args.isEmpty()) {
      throw new IllegalArgumentException(kind() + " add needs " + what + ", got none");
    }
    return String.join(" ", args);
  }

  @Writes(actions = {"add", "delete", "embed-missing"}, check = "weft ledger memory recall")
  @Command(name = "memory", mixinStandardHelpOptions = true,
      description = "Memories: add TEXT --evidence E [--tag T], get ADDRESS, delete ADDRESS, "
      + "recall [--tag T] [--where JQ] [--near TEXT [--embedder SPEC]] [-n N], embed-missing --embedder SPEC.")
  static final class Memory extends LedgerRecordCommand {
    @Mixin EvidenceOptions evidence;

    @Override
    String kind() {
      return "memory";
    }

    @Override
    WriteResult add(Ledger ledger) {
      return ledger.addMemory(joinedArgs("the memory's text"), new HashSet<>(tags), evidence.evidence());
    }

    @Override
    Recalled recall(Ledger ledger, RecallQuery query) {
      return ledger.recall(query);
    }

    @Override
    String label(JsonNode record) {
      return record.path("text").asText();
    }
  }

  @Writes(actions = {"add", "delete", "embed-missing"}, check = "weft ledger skill recall")
  @Command(name = "skill", mixinStandardHelpOptions = true,
      description = "Skills: add NAME --when W --instructions I [--tag T], get ADDRESS, "
      + "delete ADDRESS, recall ..., embed-missing --embedder SPEC.")
  static final class Skill extends LedgerRecordCommand {
    @Option(names = "--when", paramLabel = "TEXT", description = "add: when the skill applies.")
    String when;

    @Option(names = "--instructions", paramLabel = "TEXT", description = "add: what to do.")
    String instructions;

    @Override
    String kind() {
      return "skill";
    }

    @Override
    WriteResult add(Ledger ledger) {
      return ledger.putSkill(joinedArgs("the skill's name"), when, instructions, new HashSet<>(tags));
    }

    @Override
    Recalled recall(Ledger ledger, RecallQuery query) {
      return ledger.recallSkills(query);
    }

    @Override
    String label(JsonNode record) {
      return record.path("name").asText();
    }
  }
}
