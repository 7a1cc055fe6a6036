package dev.weft.jobs.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.weft.agents.author.AskEvent;
import dev.weft.agents.author.AskOptions;
import dev.weft.agents.author.AskResult;
import dev.weft.agents.author.AuthoredProgram;
import dev.weft.agents.author.ModelChoice;
import dev.weft.agents.author.ModelRouter;
import dev.weft.agents.loop.Spend;
import dev.weft.agents.program.RunResult;
import dev.weft.agents.recursive.RecursionTree;
import dev.weft.api.AskOutcome;
import dev.weft.api.AskRequest;
import dev.weft.api.Weft;
import dev.weft.context.error.ExitStatus;
import dev.weft.context.program.CancelSignal;
import dev.weft.jobs.cli.options.FlinkClusterOptions;
import dev.weft.jobs.cli.options.JsonOption;
import dev.weft.jobs.cli.options.ModelOptions;
import dev.weft.jobs.cli.options.ProgramRunnerOptions;
import dev.weft.jobs.cli.options.ProgramSourceOptions;
import dev.weft.jobs.cli.options.QuietOption;
import dev.weft.jobs.run.SignalStop;
import dev.weft.jobs.view.Json;
import dev.weft.jobs.view.ProgramForms;
import dev.weft.jobs.view.ProgramView;
import dev.weft.models.http.EndpointConfig;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code weft ask "QUESTION" --env DIR | --index DIR | --dataset PATH}: the model authors a program over the source
 * and it runs as {@code weft program run} runs one (docs/agents.md, "Whole-corpus questions"; docs/cli.md). Parsing
 * and printing only: {@link Weft#ask} does the work.
 */
@Command(name = "ask", description = "Ask QUESTION of a whole source: the model writes a program over the files of "
    + "a directory (--env), the chunks of an index (--index) or the records of a dataset (--dataset), Weft compiles "
    + "it (a refused program goes back to the model once with the errors) and runs it. Prints the answer; on stderr "
    + "the program, its fingerprint, the calls and the spend. Exit 0 answered, 1 cancelled, 2 bad input or no "
    + "program compiled after the repair round, 5 the model endpoint failed.")
final class AskCommand implements Callable<Integer> {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Spec CommandSpec spec;

  @Parameters(index = "0", paramLabel = "QUESTION", description = "What to ask of the whole source.")
  String question;

  @ArgGroup(exclusive = true, multiplicity = "1")
  ProgramSourceOptions source;

  /** program run's: --runner, --work, --max-concurrent, --max-subcalls, --deadline. */
  @Mixin ProgramRunnerOptions running;

  /** With --runner flink only, as for program run. */
  @Mixin FlinkClusterOptions flink;

  @ArgGroup(exclusive = false, multiplicity = "1", heading = "The model (it writes the program and answers its "
      + "map):%n")
  ModelOptions model;

  @Option(names = "--author-model", paramLabel = "M", description = "The model that writes the program "
      + "(default: --model).")
  String authorModel;

  @Option(names = "--author-base-url", paramLabel = "URL", description = "The author model's endpoint (default: "
      + "--base-url).")
  String authorBaseUrl;

  @Option(names = "--author-api-key-env", paramLabel = "VAR", description = "The variable holding the author "
      + "model's key (default: --api-key-env); never printed.")
  String authorApiKeyEnv;

  @Option(names = "--subcall-model", paramLabel = "M", description = "The model that answers the map's "
      + "sub-calls (default: --model).")
  String subcallModel;

  @Option(names = "--subcall-base-url", paramLabel = "URL", description = "The sub-call model's endpoint "
      + "(default: --base-url).")
  String subcallBaseUrl;

  @Option(names = "--subcall-api-key-env", paramLabel = "VAR", description = "The variable holding the sub-call "
      + "model's key (default: --api-key-env); never printed.")
  String subcallApiKeyEnv;

  @Option(names = "--depth", paramLabel = "D", defaultValue = "" + AskOptions.DEFAULT_DEPTH, description = "Levels "
      + "of authored programs, at least 1 (default: ${DEFAULT-VALUE}): 2 or more makes each piece of the root's map "
      + "a child agent over its own scope, in process only (--runner inprocess); more than " + AskOptions.MAX_DEPTH
      + " runs " + AskOptions.MAX_DEPTH + " and reports depthClamped.")
  int depth;

  @Option(names = "--show-program", description = "Author the program and print it (and its fingerprint) without "
      + "running it.")
  boolean showProgram;

  @Mixin JsonOption json;

  @Mixin QuietOption quiet;

  @Override
  public Integer call() throws Exception {
    AskRequest base = AskRequest.of(question, source.toSource(), router())
        .on(ProgramForms.executor(running.runner())).withOptions(running.runOptions())
        .withAsk(new AskOptions(depth)).withBeamArgs(flink.beamArgs());
    AskRequest request = running.work().map(base::withBeamWork).orElse(base);
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    if (showProgram) {
      AuthoredProgram program = Weft.authorProgram(request);
      if (json.on()) {
        Map<String, Object> view = authored(program);
        view.put("depth", depthView(request.ask()));
        out.println(Json.write(view));
      } else {
        out.println(pretty(program.text()));
        err.println("weft ask: program " + program.fingerprint() + " authored in " + program.authorCalls()
            + (program.authorCalls() == 1 ? " call" : " calls (the first program was refused: "
                + refusedCodes(program.events()) + ")") + "; not run");
      }
      return ExitStatus.OK.code();
    }
    CancelSignal cancel = new CancelSignal();
    MapConsoleProgress progress = new MapConsoleProgress(err, !quiet.on(), System.console() != null);
    AskOutcome outcome;
    // Ctrl-C or SIGTERM cancels the run as program run's: the run ends cancelled, exit 1; a second signal exits
    try (SignalStop stop = SignalStop.install(cancel::cancel)) {
      outcome = Weft.ask(request.withCancel(cancel, progress));
    } finally {
      progress.finished();
    }
    AskResult result = outcome.result();
    RunResult run = result.run();
    if (json.on()) {
      out.println(Json.write(report(outcome)));
    } else {
      out.println(run.answerPreview());
      if (run.truncated()) {
        out.println("[answer truncated at " + RunResult.PREVIEW_CHARS + " of " + run.answerChars()
            + " characters; --show-program prints the program, and `weft program run FILE --answer-out OUT` "
            + "writes its whole answer]");
      }
      err.println("weft ask: program " + result.fingerprint() + ":");
      err.println(pretty(result.program().text()));
      err.println(summary(result, !ProgramForms.executor(running.runner()).isBeam()) + outcome.children().map(AskCommand::children).orElse("") + "; "
          + ProgramView.summary(outcome.run()));
    }
    out.flush();
    err.flush();
    return run.ok() ? ExitStatus.OK.code() : ExitStatus.NOTHING_FOUND.code();
  }

  /** The author's and the sub-calls' models: each --author-* / --subcall-* flag given, else the model's own. */
  private ModelRouter router() {
    EndpointConfig base = model.endpoint();
    return ModelRouter.byPurpose(List.of(ModelChoice.of(routed(base, authorModel, authorBaseUrl, authorApiKeyEnv))),
        List.of(ModelChoice.of(routed(base, subcallModel, subcallBaseUrl, subcallApiKeyEnv))));
  }

  private static EndpointConfig routed(EndpointConfig base, String name, String baseUrl, String apiKeyEnv) {
    return EndpointConfig.of(baseUrl == null ? base.baseUrl() : baseUrl, name == null ? base.model() : name)
        .withApiKeyEnv(apiKeyEnv == null ? base.apiKeyEnv() : apiKeyEnv).withTimeout(base.timeout());
  }

  /** {@code , children: 3 ran (1 failed), 0 reused}: what a recursive tree's root pieces came to. */
  private static String children(RecursionTree.Children children) {
    return ", children: " + children.ran() + " ran (" + children.failed() + " failed), " + children.reused()
        + " reused";
  }

  /**
   * {@code weft ask: 4 calls (1 authoring, 3 sub-calls), 812 tokens of the run, depth 1}: the root's calls; the
   * tokens are every model call's in process ({@code inProcess}: one account for the run, or the tree at depth 2
   * or 3), the authoring calls' alone on Beam (the sub-calls run in the workers).
   */
  static String summary(AskResult result, boolean inProcess) {
    Spend spend = result.spend();
    String repaired = result.program().repaired() ? ", the first program refused (" + refusedCodes(result.events())
        + ") and repaired" : "";
    return "weft ask: " + result.calls() + " calls (" + result.authorCalls() + " authoring, " + result.subcalls()
        + " sub-calls), " + spend.totalTokens() + " tokens of " + (result.options().depthUsed() > 1 ? "the tree"
            : inProcess ? "the run" : "authoring") + (spend.estimated() ? " (estimated)" : "")
        + repaired + ", depth " + result.options().depthUsed()
        + (result.options().depthClamped() ? " (clamped from " + result.options().depth() + ")" : "");
  }

  private static String refusedCodes(List<AskEvent> events) {
    return events.stream().filter(e -> e.kind() == AskEvent.Kind.REFUSED).flatMap(e -> e.errors().stream())
        .map(e -> e.code() + " " + (e.pointer().isEmpty() ? "/" : e.pointer())).collect(Collectors.joining(", "));
  }

  /** {@code --json}: the question, the answer, the program and its fingerprint, depth, calls, spend, events, run. */
  static Map<String, Object> report(AskOutcome outcome) {
    AskResult result = outcome.result();
    RunResult run = result.run();
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("question", result.question());
    json.put("ok", run.ok());
    Map<String, Object> answer = new LinkedHashMap<>();
    answer.put("preview", run.answerPreview());
    answer.put("truncated", run.truncated());
    answer.put("chars", run.answerChars());
    json.put("answer", answer);
    json.putAll(authored(result.program()));
    json.put("depth", depthView(result.options()));
    json.put("depthClamped", result.options().depthClamped());
    Map<String, Object> calls = new LinkedHashMap<>();
    calls.put("total", result.calls());
    calls.put("author", result.authorCalls());
    calls.put("subcalls", result.subcalls());
    calls.put("failed", run.failed());
    json.put("calls", calls);
    json.put("spend", spend(result.spend()));
    outcome.children().ifPresent(children -> {
      Map<String, Object> tree = new LinkedHashMap<>();
      tree.put("ran", children.ran());
      tree.put("reused", children.reused());
      tree.put("failed", children.failed());
      json.put("children", tree);
    });
    json.put("events", events(result.events()));
    json.put("run", ProgramView.report(outcome.run(), Optional.empty()));
    return json;
  }

  private static Map<String, Object> authored(AuthoredProgram program) {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("fingerprint", program.fingerprint());
    json.put("program", parsed(program.text()));
    json.put("authorCalls", program.authorCalls());
    json.put("events", events(program.events()));
    return json;
  }

  private static Map<String, Object> depthView(AskOptions options) {
    Map<String, Object> depth = new LinkedHashMap<>();
    depth.put("requested", options.depth());
    depth.put("used", options.depthUsed());
    depth.put("clamped", options.depthClamped());
    return depth;
  }

  private static Map<String, Object> spend(Spend spend) {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("turns", spend.turns());
    json.put("promptTokens", spend.promptTokens());
    json.put("completionTokens", spend.completionTokens());
    json.put("totalTokens", spend.totalTokens());
    json.put("estimatedCalls", spend.estimatedCalls());
    json.put("ms", spend.ms());
    return json;
  }

  private static List<Map<String, Object>> events(List<AskEvent> events) {
    List<Map<String, Object>> list = new ArrayList<>();
    for (AskEvent event : events) {
      Map<String, Object> json = new LinkedHashMap<>();
      json.put("kind", event.kind().wire());
      if (!event.fingerprint().isEmpty()) {
        json.put("fingerprint", event.fingerprint());
      }
      if (!event.errors().isEmpty()) {
        json.put("errors", ProgramView.errors(event.errors()).get("errors"));
      }
      json.put("detail", event.detail());
      list.add(json);
    }
    return list;
  }

  /** The program as JSON (a compiled program always parses). */
  private static JsonNode parsed(String text) {
    try {
      return JSON.readTree(text);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a compiled program does not parse: " + e.getOriginalMessage(), e);
    }
  }

  private static String pretty(String text) {
    return parsed(text).toPrettyString();
  }
}
