package dev.weft.jobs.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.weft.agents.model.stub.StubChatServer;
import dev.weft.agents.model.stub.StubReply;
import dev.weft.api.Weft;
import dev.weft.context.jq.JqBounds;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 29's H2/H3 over MCP: as many hostile jq calls as the server has workers — a ledger where, a program's
 * select and a program's reduce, each a query that never ends by itself (the jq bounds raised to an hour and no
 * value bound) — pin every worker; notifications/cancelled for each stops its evaluation (its thread ends), no
 * response is sent for it, and stats is answered.
 */
// A guard, not a timing assertion: a cancel that does not reach the jq must fail the test, not hang the build.
@Timeout(180)
class McpJqCancelTest {
  private static final String ENDLESS = "last(range(1e12))";
  private static final JqBounds UNTIL_CANCELLED =
      JqBounds.DEFAULT.withDeadline(Duration.ofHours(1)).withMaxValues(Long.MAX_VALUE);

  @TempDir Path tmp;
  private Path env;
  private StubChatServer stub;
  private Weft weft;
  private InJvmMcp server;
  private McpClient client;
  private final StringWriter err = new StringWriter();

  @BeforeEach
  void start() throws IOException {
    Path corpus = Files.createDirectories(tmp.resolve("corpus"));
    Files.writeString(corpus.resolve("README.md"), "# Build\n\nGradle builds it.\n");
    env = Files.createDirectories(tmp.resolve("env"));
    Files.writeString(env.resolve("deps.json"), "{\"deps\": [\"a\", \"b\"]}");
    stub = new StubChatServer().replies(request -> StubReply.text("{\"ok\": true}"));
    weft = Weft.open(tmp.resolve("index"));
    McpCorpus mcpCorpus = new McpCorpus(weft, List.of(corpus, env));
    PrintWriter log = new PrintWriter(err, true);
    server = InJvmMcp.start(weft, mcpCorpus, new McpBackgroundIndex(mcpCorpus::run, weft::index, log),
        Map.of(WeftMcp.NO_BACKGROUND_INDEX, "1"), log, new WeftMcp.Settings(1 << 20, Optional.of(
            new McpProgramTools.Endpoint(stub.baseUrl(), "stub-model", "WEFT_TEST_NO_KEY", Duration.ofSeconds(30))),
            UNTIL_CANCELLED));
    client = server.client();
    client.initialize();
  }

  @AfterEach
  void stop() throws Exception {
    server.stop();
    weft.close();
    stub.close();
  }

  @Test
  void cancellingHostileJqOnEveryWorkerStopsItAndStatsIsAnswered() throws Exception {
    assertThat(client.call("index", "{}").path("isError").asBoolean()).isFalse();
    assertThat(client.call("ledger_memory_add", "{\"text\": \"gradle builds it\", \"evidence\": [\"README.md:3\"]}")
        .path("isError").asBoolean()).isFalse();
    int workers = McpServer.Limits.DEFAULT.toolThreads();
    List<String> calls = List.of(
        call("where-1", "ledger_memory_recall", "{\"where\": \"" + ENDLESS + "\"}"),
        call("where-2", "ledger_memory_recall", "{\"where\": \"" + ENDLESS + "\"}"),
        call("select", "program_run", "{\"env\": \"" + env + "\", \"program\": {\"steps\": [{\"op\": \"select\", "
            + "\"from\": \"deps.json\", \"as\": \"x\", \"query\": \"" + ENDLESS + "\"}, {\"op\": \"answer\", "
            + "\"from\": \"x\"}]}}"),
        call("reduce", "program_run", "{\"env\": \"" + env + "\", \"program\": {\"steps\": [{\"op\": \"map\", "
            + "\"from\": \"input\", \"as\": \"said\", \"instruction\": \"Say ok.\"}, {\"op\": \"reduce\", \"from\": "
            + "\"said\", \"as\": \"x\", \"query\": \"" + ENDLESS + "\"}, {\"op\": \"answer\", \"from\": \"x\"}]}}"));
    assertThat(calls).hasSize(workers);
    Set<Thread> before = jqThreads();

    calls.forEach(client::send);
    Set<Thread> running = awaitNewJqThreads(before, workers); // every worker is inside a jq evaluation now

    for (String id : List.of("where-1", "where-2", "select", "reduce")) {
      client.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":\"" + id
          + "\"}}");
    }
    JsonNode stats = client.call("stats", "{}");

    assertThat(stats.path("isError").asBoolean()).as(stats.toString()).isFalse();
    for (Thread jq : running) {
      jq.join(TimeUnit.SECONDS.toMillis(60));
      assertThat(jq.isAlive()).as(jq.getName() + " still evaluating after its call was cancelled").isFalse();
    }
    server.stop();
    assertThat(client.transcript).as("no response to a cancelled call")
        .noneMatch(line -> List.of("where-1", "where-2", "select", "reduce").stream()
            .anyMatch(id -> line.contains("\"id\":\"" + id + "\"")));
    try (var runs = Files.list(tmp.resolve("index").resolve("mcp-runs"))) {
      for (Path run : runs.toList()) {
        assertThat(McpClient.json(Files.readString(run.resolve("report.json"))).path("outcome").asText())
            .as(run.toString()).isEqualTo("failed");
      }
    }
  }

  private static String call(String id, String tool, String arguments) {
    ObjectNode params = McpClient.MAPPER.createObjectNode().put("name", tool);
    params.set("arguments", McpClient.json(arguments));
    return McpClient.MAPPER.createObjectNode().put("jsonrpc", "2.0").put("id", id).put("method", "tools/call")
        .<ObjectNode>set("params", params).toString();
  }

  /** The live jq evaluation threads ({@code BoundedJq} names them {@code weft-jq-N}). */
  private static Set<Thread> jqThreads() {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(t -> t.getName().startsWith("weft-jq-") && t.isAlive()).collect(Collectors.toSet());
  }

  /**
   * Waits for {@code n} jq evaluations that were not running before: the event the cancels must follow. BoundedJq
   * offers no hook, so this polls the thread table (the deadline is the class's guard, not a timing assertion).
   */
  private static Set<Thread> awaitNewJqThreads(Set<Thread> before, int n) {
    while (true) {
      Set<Thread> now = jqThreads();
      now.removeAll(before);
      if (now.size() >= n) {
        return now;
      }
      LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(5));
    }
  }
}
