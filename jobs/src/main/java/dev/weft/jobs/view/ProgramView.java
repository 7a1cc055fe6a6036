package dev.weft.jobs.view;

import dev.weft.agents.program.CompileError;
import dev.weft.agents.program.Plan;
import dev.weft.agents.program.RunResult;
import dev.weft.agents.program.Step;
import dev.weft.api.ProgramOutcome;
import dev.weft.jobs.report.RunReports;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * A program's shapes: its plan or its compile errors ({@code weft program compile --json}, program_compile), and a
 * run's report, summary line and whole answer ({@code weft program run}, program_run).
 */
public final class ProgramView {
  private ProgramView() {}

  public static Map<String, Object> plan(Plan plan) {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("ok", true);
    json.put("name", plan.name());
    json.put("fingerprint", plan.fingerprint());
    json.put("slots", plan.slotsRead());
    json.put("input", plan.readsInput());
    json.put("steps", plan.steps().stream().map(step -> {
      Map<String, Object> s = new LinkedHashMap<>();
      s.put("index", step.index());
      s.put("op", step.op());
      s.put("from", step.from());
      s.put("as", step.as());
      s.put("detail", detail(step));
      return s;
    }).toList());
    return json;
  }

  public static Map<String, Object> errors(List<CompileError> errors) {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("ok", false);
    json.put("errors", errors.stream().map(e -> Map.of("code", e.code().name(), "pointer", e.pointer(),
        "message", e.message())).toList());
    return json;
  }

  /** A step's own setting in one field: the chunking, the pattern, the query or the map's cap. */
  public static String detail(Step step) {
    if (step instanceof Step.Chunk c) {
      return c.strategy().name().toLowerCase(Locale.ROOT) + ":" + c.size();
    }
    if (step instanceof Step.Grep g) {
      return g.pattern();
    }
    if (step instanceof Step.Select s) {
      return s.query();
    }
    if (step instanceof Step.Reduce r) {
      return r.query();
    }
    if (step instanceof Step.Map m) {
      return "maxSubcalls=" + (m.cap().isPresent() ? Integer.toString(m.cap().getAsInt()) : "none")
          + (m.outputSchema().isEmpty() ? "" : " output=schema");
    }
    return "";
  }

  public static String summary(ProgramOutcome outcome) {
    RunResult r = outcome.result();
    return (r.ok() ? "ok" : "cancelled") + ": " + outcome.pieces() + " pieces, " + r.subcalls() + " sub-calls, "
        + r.failed() + " failed, " + r.unvisited() + " not visited, " + outcome.deadLetterCount()
        + " inputs refused, " + r.ms() + " ms, at most " + r.concurrency().limit() + " in flight (peak "
        + r.concurrency().peak() + ")";
  }

  /** The whole answer written to {@code file}; answers where it is. {@code option} names the file's origin. */
  public static Path writeAnswer(RunResult result, Path file, String option) {
    RunReports.writeText(file, wholeAnswer(result), "answer", option);
    return file.toAbsolutePath().normalize();
  }

  /** The whole answer, read a window at a time. */
  public static String wholeAnswer(RunResult result) {
    StringBuilder answer = new StringBuilder(result.answerChars());
    while (answer.length() < result.answerChars()) {
      answer.append(result.readAnswer(answer.length(), RunResult.MAX_READ_CHARS));
    }
    return answer.toString();
  }

  public static Map<String, Object> report(ProgramOutcome outcome, Optional<Path> answerFile) {
    RunResult r = outcome.result();
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("ok", r.ok());
    json.put("fingerprint", r.fingerprint());
    Map<String, Object> answer = new LinkedHashMap<>();
    answer.put("preview", r.answerPreview());
    answer.put("truncated", r.truncated());
    answer.put("chars", r.answerChars());
    answerFile.ifPresent(f -> answer.put("file", f.toString()));
    json.put("answer", answer);
    json.put("steps", r.steps());
    json.put("subcalls", r.subcalls());
    json.put("failed", r.failed());
    json.put("unvisited", r.unvisited());
    json.put("ms", r.ms());
    json.put("concurrency", r.concurrency());
    Map<String, Object> input = new LinkedHashMap<>();
    input.put("source", outcome.source());
    input.put("runner", outcome.executor().id());
    input.put("pieces", outcome.pieces());
    input.put("slots", outcome.slots());
    input.put("refused", outcome.deadLetterCount());
    input.put("deadLetters", outcome.deadLetters());
    json.put("input", input);
    outcome.answerSlot().ifPresent(slot -> json.put("answerSlot", slot));
    return json;
  }
}
