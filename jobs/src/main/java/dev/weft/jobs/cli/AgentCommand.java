package dev.weft.jobs.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.weft.agents.compact.HistoryBudget;
import dev.weft.agents.compact.RoundArchive;
import dev.weft.agents.compact.TranscriptWindow;
import dev.weft.agents.geo.GeoTools;
import dev.weft.agents.loop.Agent;
import dev.weft.agents.loop.AgentCallbacks;
import dev.weft.agents.loop.AgentOptions;
import dev.weft.agents.loop.AgentRun;
import dev.weft.agents.loop.Budget;
import dev.weft.agents.loop.ContextPolicy;
import dev.weft.agents.loop.RunId;
import dev.weft.agents.loop.RunSlots;
import dev.weft.agents.model.ChatMessage;
import dev.weft.agents.tool.Toolbox;
import dev.weft.api.Weft;
import dev.weft.context.ledger.Ledger;
import dev.weft.context.program.CancelSignal;
import dev.weft.jobs.cli.options.IndexOption;
import dev.weft.jobs.cli.options.JsonOption;
import dev.weft.jobs.cli.options.ModelOptions;
import dev.weft.jobs.mcp.AgentToolbox;
import dev.weft.jobs.mcp.McpCorpus;
import dev.weft.jobs.mcp.McpProgramTools;
import dev.weft.jobs.mcp.McpServer;
import dev.weft.jobs.mcp.WeftMcp;
import dev.weft.jobs.run.SignalStop;
import dev.weft.jobs.view.Json;
import dev.weft.jobs.view.TsvFields;
import java.io.PrintWriter;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code weft agent "QUESTION"}: the agent loop with the Weft toolbox over an index and its ledger (docs/agents.md,
 * "Surfaces"; docs/cli.md). Every run is saved in the ledger under its run id, so a stopped run (a budget, Ctrl-C)
 * or a finished one is continued with {@code --resume RUN_ID}.
 */
@Writes(check = "weft ledger report")
@Command(name = "agent", description = "Ask a model QUESTION with Weft's tools (recall, get, impact, graph, memory, "
    + "ledger, programs, environment) over the index. Prints the answer; on stderr the run id, the stop reason and "
    + "the spend. The run is kept in the index's ledger: --resume RUN_ID continues it. Exit 0 answered, 6 stopped "
    + "by a limit or Ctrl-C (resumable), 2 bad input, 5 the model endpoint failed.")
final class AgentCommand implements Callable<Integer> {
  static final String SYSTEM_PROMPT = "You answer questions about a corpus (code and docs) that Weft has indexed. "
      + "Find evidence with recall (it returns pointers: path, 1-based lines, symbol), read it with get (path and "
      + "lines), follow code with impact, graph_node and graph_related. Answer from what the tools returned, and "
      + "cite path:lines for every claim. Say so when the tools found nothing.";
  /** Added to the system prompt with {@code --tools geo}. */
  static final String GEO_PROMPT = " The geo_* tools compute on GeoJSON (positions are [longitude, latitude] in "
      + "degrees): distances in metres, containment, bounding boxes, geohashes, WKT, overlays and buffers. Pass "
      + "them the GeoJSON you were given, and report their numbers rather than estimating your own.";

  @Spec CommandSpec spec;
  @Mixin IndexOption indexOption;

  @Parameters(index = "0", arity = "0..1", paramLabel = "QUESTION", description = "What to ask. With --resume, "
      + "a follow-up question added to the run's conversation.")
  String question;

  @Option(names = "--resume", paramLabel = "RUN_ID", description = "Continue the run saved under RUN_ID (the id a "
      + "run prints) with its whole conversation; its context policy and limits unless given again.")
  String resume;

  @ArgGroup(exclusive = false, multiplicity = "1", heading = "The model:%n")
  ModelOptions model;

  @Option(names = "--max-tool-rounds", paramLabel = "N", description = "Rounds of tool calls a run may make "
      + "(default: " + AgentOptions.DEFAULT_MAX_TOOL_ROUNDS + ").")
  Integer maxToolRounds;

  @Option(names = "--tools", split = ",", paramLabel = "SET", description = "Tool sets to add to Weft's toolbox, "
      + "comma-separated: geo (spatial tools over GeoJSON: geodesic distance, within, bbox, geohash and neighbours, "
      + "WKT, union, intersection, difference, buffer). A resumed run keeps its sets unless given again.")
  List<String> toolSets;

  @Option(names = "--budget-tokens", paramLabel = "N", description = "Stop (resumably) once the model calls "
      + "have used N tokens (default: no limit).")
  Long budgetTokens;

  @ArgGroup(exclusive = true, multiplicity = "0..1", heading = "What each request carries (default: the whole "
      + "conversation):%n")
  Context context;

  static final class Context {
    @Option(names = "--history-budget", paramLabel = "CHARS", description = "Keep each request within CHARS "
        + "characters: older tool rounds are moved to the ledger and recall_round brings them back.")
    Integer historyBudget;

    @Option(names = "--transcript-window", paramLabel = "N", description = "Keep the conversation in an "
        + "environment slot and send the last N rounds; env_grep and env_read reach the rest.")
    Integer transcriptWindow;
  }

  @Mixin JsonOption json;

  @Override
  public Integer call() {
    if (question == null && resume == null) {
      throw new IllegalArgumentException("weft agent needs a QUESTION, or --resume RUN_ID to continue a run");
    }
    if (question != null && question.isBlank()) {
      throw new IllegalArgumentException("QUESTION must not be blank; ask something");
    }
    String runId = resume != null ? RunId.check(resume) : RunId.generate(Clock.systemUTC());
    try (Weft weft = Wefts.open(indexOption.forRead())) {
      Ledger ledger = weft.ledger(null);
      Optional<RunSlots.Saved> saved = resume == null ? Optional.empty() : Optional.of(RunSlots.load(ledger, runId));
      AgentSettings settings = AgentSettings.of(maxToolRounds, budgetTokens,
          context == null ? null : context.historyBudget, context == null ? null : context.transcriptWindow,
          toolSets, saved.map(RunSlots.Saved::settings));
      Agent agent = weft.agent(options(weft, ledger, runId, settings), toolbox(weft, settings));
      CancelSignal cancel = new CancelSignal();
      AgentRun run;
      // Ctrl-C or SIGTERM cancels the run (a model call in flight is aborted); the run still ends, is saved and
      // printed as cancelled; a second signal exits at once
      try (SignalStop stop = SignalStop.install(cancel::cancel)) {
        run = run(agent, saved, cancel);
      }
      String slot = RunSlots.save(ledger, runId, run, settings.toJson());
      print(runId, slot, run);
      return AgentExit.of(run.stopReason()).code();
    }
  }

  private AgentRun run(Agent agent, Optional<RunSlots.Saved> saved, CancelSignal cancel) {
    if (saved.isEmpty()) {
      return agent.send(List.of(ChatMessage.user(question)), AgentCallbacks.NONE, cancel);
    }
    AgentRun stopped = saved.get().run();
    if (question == null) {
      return agent.resume(stopped, AgentCallbacks.NONE, cancel);
    }
    List<ChatMessage> history = new ArrayList<>(stopped.transcript());
    history.add(ChatMessage.user(question));
    return agent.send(history, AgentCallbacks.NONE, cancel);
  }

  private AgentOptions options(Weft weft, Ledger ledger, String runId, AgentSettings settings) {
    String prompt = SYSTEM_PROMPT + (settings.toolSets().contains("geo") ? GEO_PROMPT : "");
    AgentOptions options = AgentOptions.defaults().withSystemPrompt(prompt).withLedger(ledger)
        .withMaxToolRounds(settings.maxToolRounds()).withEndpoint(model.endpoint());
    if (settings.budgetTokens().isPresent()) {
      options = options.withBudget(Budget.unbounded().withTokens(settings.budgetTokens().get()));
    }
    return options.withContextPolicy(policy(weft, ledger, runId, settings, options.maxToolResultChars()));
  }

  private static ContextPolicy policy(Weft weft, Ledger ledger, String runId, AgentSettings settings,
      int resultCap) {
    if (settings.historyBudget().isPresent()) {
      return HistoryBudget.archiving(settings.historyBudget().get(), new RoundArchive(ledger, runId, resultCap));
    }
    if (settings.transcriptWindow().isPresent()) {
      return TranscriptWindow.forRun(weft.environment(), runId, settings.transcriptWindow().get());
    }
    return ContextPolicy.whole();
  }

  /**
   * The tools weft mcp would list for this index (program_run asking the same model), the agent's selection; then
   * the tool sets {@code --tools} names.
   */
  private Toolbox toolbox(Weft weft, AgentSettings agent) {
    WeftMcp.Settings settings = new WeftMcp.Settings(McpServer.Limits.DEFAULT_MAX_LINE_BYTES, Optional.of(
        new McpProgramTools.Endpoint(model.baseUrl, model.model, model.apiKeyEnv, model.callTimeout)));
    Toolbox tools = AgentToolbox.of(weft, new McpCorpus(weft, List.of()), settings);
    return agent.toolSets().contains("geo") ? GeoTools.addTo(tools) : tools;
  }

  private void print(String runId, String slot, AgentRun run) {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    if (json.on()) {
      ObjectNode whole = Json.object().put("runId", runId).put("slot", slot);
      whole.setAll(run.toJson());
      out.println(Json.write(whole));
    } else if (run.completed()) {
      out.println(run.answer());
    }
    err.println(TsvFields.printable(AgentExit.summary(runId, run, resumeHint(runId))));
    out.flush();
    err.flush();
  }

  private String resumeHint(String runId) {
    return "weft agent --resume " + runId + (indexOption.index == null ? "" : " --index " + indexOption.index);
  }
}
