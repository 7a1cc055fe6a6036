package dev.weft.jobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.weft.agents.model.stub.StubChatServer;
import dev.weft.agents.model.stub.StubReply;
import dev.weft.agents.model.stub.StubReply.ToolCall;
import dev.weft.agents.model.stub.StubReply.Usage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code weft agent} end to end on the golden corpus against the scripted stub model: the model recalls, gets the
 * chunk, answers; {@code --json}; a tokens budget stops the run resumably (exit 6) and {@code --resume} continues it
 * with the same history; bad flags exit 2.
 */
class AgentCliTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Usage USAGE = new Usage(4, 3);
  private static final String RATE_LIMITER = "src/main/java/com/acme/RateLimiter.java";
  private static final StubReply RECALL = StubReply.toolCalls(List.of(new ToolCall("call_1", "recall",
      "{\"query\": \"refill permits\", \"kind\": \"code\"}")), USAGE);
  private static final StubReply GET = StubReply.toolCalls(List.of(new ToolCall("call_2", "get",
      "{\"path\": \"" + RATE_LIMITER + "\", \"lines\": \"38-44\"}")), USAGE);
  private static final StubReply ANSWER = StubReply.text("refill() tops the bucket up by the elapsed time "
      + "(" + RATE_LIMITER + ":38-44).", USAGE);

  @TempDir static Path tmp;
  private static String index;
  private StubChatServer stub;

  @BeforeAll
  static void indexGoldenCorpus() throws IOException {
    Path root = GoldenCorpusTest.copy(GoldenCorpusTest.GOLDEN, tmp.resolve("corpus"));
    index = tmp.resolve("index").toString();
    CliRun run = CliRun.of("index", root.toString(), "--index", index, "--quiet", "--runner", "inprocess");
    assertThat(run.exit()).as(run.err()).isZero();
  }

  @BeforeEach
  void startStub() throws IOException {
    stub = new StubChatServer();
  }

  @AfterEach
  void stopStub() {
    stub.close();
  }

  private void script(StubReply... replies) {
    stub.replies(request -> replies[Math.min(request.call(), replies.length) - 1]);
  }

  private CliRun agent(String... args) {
    List<String> argv = new ArrayList<>(List.of("agent", "--index", index, "--model", "stub-model", "--base-url",
        stub.baseUrl(), "--api-key-env", "WEFT_TEST_NO_KEY"));
    argv.addAll(List.of(args));
    return CliRun.of(argv.toArray(String[]::new));
  }

  private JsonNode messages(int call) {
    return stub.requests().get(call - 1).body().path("messages");
  }

  @Test
  void theModelRecallsGetsTheChunkAndAnswers() {
    script(RECALL, GET, ANSWER);

    CliRun run = agent("how are permits refilled?");

    assertThat(run.exit()).as(run.err()).isZero();
    assertThat(run.out().strip()).isEqualTo(ANSWER.content());
    assertThat(run.err()).containsPattern("weft agent: run \\S+ completed: 3 model calls, 2 tool calls, 21 tokens");
    // the model read recall's pointer, then get's exact chunk
    assertThat(messages(2).get(messages(2).size() - 1).path("content").asText())
        .contains(RATE_LIMITER, "\"startLine\":38", "\"endLine\":44", "refill");
    assertThat(messages(3).get(messages(3).size() - 1).path("content").asText()).contains("private void refill()");
    // the tools offered are the Weft toolbox
    List<String> offered = new ArrayList<>();
    stub.requests().get(0).body().path("tools").forEach(t -> offered.add(t.path("function").path("name").asText()));
    assertThat(offered).containsExactly("recall", "get", "impact", "graph_node", "graph_related", "remember",
        "ledger_memory_recall", "program_compile", "program_run", "env_grep", "env_read", "env_peek");
  }

  @Test
  void jsonPrintsTheWholeRun() throws IOException {
    script(RECALL, GET, ANSWER);

    CliRun run = agent("how are permits refilled?", "--json");

    assertThat(run.exit()).as(run.err()).isZero();
    JsonNode json = JSON.readTree(run.out());
    assertThat(json.path("runId").asText()).matches("[0-9]{8}T[0-9]{6}-[0-9a-f]{8}");
    assertThat(json.path("slot").asText()).startsWith("slot:");
    assertThat(json.path("stopReason").asText()).isEqualTo("completed");
    assertThat(json.path("answer").asText()).isEqualTo(ANSWER.content());
    assertThat(json.path("spend").path("turns").asInt()).isEqualTo(3);
    assertThat(json.path("transcript").findValuesAsText("role")).containsExactly("system", "user", "assistant",
        "tool", "assistant", "tool", "assistant");
    List<String> kinds = new ArrayList<>();
    json.path("steps").forEach(step -> kinds.add(step.path("kind").asText()));
    assertThat(kinds).containsExactly("model", "tool", "model", "tool", "model");
  }

  @Test
  void aTokensBudgetStopsResumablyAndResumeContinuesWithTheSameHistory() {
    script(RECALL, RECALL, GET, ANSWER);

    CliRun stopped = agent("how are permits refilled?", "--budget-tokens", "5", "--history-budget", "6000");

    assertThat(stopped.exit()).as(stopped.err()).isEqualTo(6);
    assertThat(stopped.out()).isEmpty();
    Matcher id = Pattern.compile("run (\\S+) stopped \\(tokens\\)").matcher(stopped.err());
    assertThat(id.find()).as(stopped.err()).isTrue();
    assertThat(stopped.err()).contains("continue with: weft agent --resume " + id.group(1));
    JsonNode before = messages(1);

    // the saved budget would stop it again at once: a flag given on resume wins
    CliRun resumed = agent("--resume", id.group(1), "--budget-tokens", "1000");

    assertThat(resumed.exit()).as(resumed.err()).isZero();
    assertThat(resumed.out().strip()).isEqualTo(ANSWER.content());
    JsonNode history = messages(2);
    // the first request's messages, then the stopped round: the call answered "not run"
    for (int i = 0; i < before.size(); i++) {
      assertThat(history.get(i)).isEqualTo(before.get(i));
    }
    assertThat(history.get(before.size()).path("tool_calls").get(0).path("id").asText()).isEqualTo("call_1");
    assertThat(history.get(before.size() + 1).path("content").asText()).contains("not run");
    assertThat(stub.calls()).isEqualTo(4);
  }

  @Test
  void aCompletedRunTakesAFollowUpQuestion() throws IOException {
    script(ANSWER, ANSWER);
    CliRun first = agent("what is this corpus?", "--json");
    String runId = JSON.readTree(first.out()).path("runId").asText();

    CliRun followUp = agent("--resume", runId, "and the rate limiter?");

    assertThat(followUp.exit()).as(followUp.err()).isZero();
    assertThat(messages(2).findValuesAsText("content")).containsExactly(AgentCommand.SYSTEM_PROMPT,
        "what is this corpus?", ANSWER.content(), "and the rate limiter?");
  }

  @Test
  void badFlagsExitTwoWithOneLine() {
    CliRun both = agent("q", "--history-budget", "6000", "--transcript-window", "3");
    assertThat(both.exit()).isEqualTo(2);
    assertThat(both.err()).contains("mutually exclusive");

    CliRun zero = agent("q", "--max-tool-rounds", "0");
    assertThat(zero.exit()).isEqualTo(2);
    assertThat(zero.err()).contains("--max-tool-rounds must be at least 1, got: 0");

    CliRun nothing = agent();
    assertThat(nothing.exit()).isEqualTo(2);
    assertThat(nothing.err()).contains("weft agent needs a QUESTION, or --resume RUN_ID");

    CliRun unknown = agent("--resume", "no-such-run");
    assertThat(unknown.exit()).isEqualTo(1);
    assertThat(unknown.err()).contains("no agent run 'no-such-run'");
    assertThat(stub.calls()).isZero();
  }
}
