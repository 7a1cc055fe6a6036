package dev.weft.jobs.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.weft.agents.model.ToolDefinition;
import dev.weft.agents.tool.ToolResult;
import dev.weft.agents.tool.Toolbox;
import dev.weft.api.Weft;
import dev.weft.jobs.cli.CliRun;
import dev.weft.jobs.cli.GoldenCorpusTest;
import dev.weft.jobs.cli.ProgramCliTest;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One definition for the agent and MCP: every tool of the Weft toolbox is listed by {@code tools/list} with the same
 * name, description and schema, and a call with the same arguments answers the same JSON (each side over its own
 * copy of one index, so a write gives both the same answer); an invalid call gives the same rejection.
 */
class AgentToolboxTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String RATE_LIMITER = "src/main/java/com/acme/RateLimiter.java";

  @TempDir static Path tmp;
  private static Weft mcpWeft;
  private static Weft agentWeft;
  private static McpServer server;
  private static Toolbox toolbox;

  @BeforeAll
  static void twoCopiesOfOneIndex() throws IOException {
    Path root = GoldenCorpusTest.copy(Path.of("../testdata/golden-corpus"), tmp.resolve("corpus"));
    CliRun run = CliRun.of("index", root.toString(), "--index", tmp.resolve("a").toString(), "--quiet");
    assertThat(run.exit()).as(run.err()).isZero();
    GoldenCorpusTest.copy(tmp.resolve("a"), tmp.resolve("b"));
    mcpWeft = Weft.open(tmp.resolve("a"));
    agentWeft = Weft.open(tmp.resolve("b"));
    for (Weft weft : List.of(mcpWeft, agentWeft)) {
      weft.environment().put("notes/today", "the bucket refills at 10 permits a second");
    }
    WeftMcp.Settings settings = new WeftMcp.Settings(1 << 20, Optional.empty());
    PrintWriter log = new PrintWriter(new StringWriter(), true);
    server = new McpServer(WeftMcp.INFO, WeftMcp.tools(mcpWeft, corpus(mcpWeft), settings),
        failure -> WeftMcp.failure(failure, log), () -> { });
    toolbox = AgentToolbox.of(agentWeft, corpus(agentWeft), settings);
  }

  private static McpCorpus corpus(Weft weft) {
    return new McpCorpus(weft, List.of(ProgramCliTest.EXAMPLES));
  }

  @AfterAll
  static void close() {
    mcpWeft.close();
    agentWeft.close();
  }

  /** One call of each tool: data answers, a text answer (get), failures of the tool. */
  private static Map<String, String> calls() throws IOException {
    String program = Files.readString(ProgramCliTest.EXAMPLES.resolve("deprecated-calls.json"));
    Map<String, String> calls = new LinkedHashMap<>();
    calls.put("recall", "{\"query\": \"refill permits\", \"kind\": \"code\"}");
    calls.put("get", "{\"path\": \"" + RATE_LIMITER + "\", \"lines\": \"38-44\"}");
    calls.put("impact", "{\"symbol\": \"refill\"}");
    calls.put("graph_node", "{\"path\": \"" + RATE_LIMITER + "\"}");
    calls.put("graph_related", "{\"path\": \"" + RATE_LIMITER + "\"}");
    calls.put("remember", "{\"id\": \"bucket\", \"text\": \"refills continuously\", \"occurredAt\": "
        + "\"2026-01-31T09:00:00Z\"}");
    calls.put("ledger_memory_recall", "{}");
    calls.put("program_compile", "{\"program\": " + program + "}");
    calls.put("program_run", "{\"program\": " + program + ", \"dataset\": \""
        + ProgramCliTest.EXAMPLES.resolve("modules.jsonl") + "\"}");
    calls.put("env_grep", "{\"pattern\": \"refills\"}");
    calls.put("env_read", "{\"name\": \"notes/today\", \"offset\": 4, \"chars\": 6}");
    calls.put("env_peek", "{\"name\": \"notes/nothing-here\"}");
    return calls;
  }

  private static JsonNode mcp(String method, String params) {
    return server.handle("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"" + method + "\",\"params\":" + params + "}")
        .orElseThrow().path("result");
  }

  @Test
  void toolsListShowsEveryAgentToolAsTheAgentSeesIt() {
    Map<String, JsonNode> listed = new LinkedHashMap<>();
    mcp("tools/list", "{}").path("tools").forEach(tool -> listed.put(tool.path("name").asText(), tool));

    List<ToolDefinition> definitions = toolbox.definitions();
    assertThat(definitions).extracting(ToolDefinition::name).containsExactlyElementsOf(AgentToolbox.SELECTION);
    for (ToolDefinition definition : definitions) {
      JsonNode entry = listed.get(definition.name());
      assertThat(entry).as(definition.name()).isNotNull();
      assertThat(entry.path("description").asText()).isEqualTo(definition.description());
      assertThat(entry.path("inputSchema")).isEqualTo(definition.parameters());
    }
  }

  @Test
  void aCallAnswersTheSameJsonThroughBoth() throws IOException {
    Map<String, String> calls = calls();
    assertThat(calls.keySet()).containsExactlyElementsOf(AgentToolbox.SELECTION);
    for (Map.Entry<String, String> call : calls.entrySet()) {
      JsonNode mcp = mcp("tools/call", "{\"name\": \"" + call.getKey() + "\", \"arguments\": " + call.getValue()
          + "}");
      ToolResult agent = toolbox.call(call.getKey(), JSON.readTree(call.getValue()));

      assertThat(agent.error()).as(call.getKey()).isEqualTo(mcp.path("isError").asBoolean());
      JsonNode structured = mcp.path("structuredContent");
      if (agent.error()) {
        // a tool that failed: the line weft mcp sends, in the toolbox's {error}
        assertThat(agent.value().path("error").asText()).as(call.getKey())
            .isEqualTo("tool '" + call.getKey() + "' failed: " + structured.path("message").asText());
      } else {
        ObjectNode expected = ((ObjectNode) structured).deepCopy();
        String text = mcp.path("content").get(0).path("text").asText();
        if (!text.equals(structured.toString())) {
          expected.put("text", text); // get: the chunk beside the data about it
        }
        assertThat(withoutWriteTimes(agent.value())).as(call.getKey()).isEqualTo(withoutWriteTimes(expected));
      }
    }
  }

  /** The one thing two writes cannot share: when each was made (remember's createdAt and updatedAt). */
  private static JsonNode withoutWriteTimes(JsonNode value) {
    JsonNode copy = value.deepCopy();
    if (copy.path("memory") instanceof ObjectNode memory) {
      assertThat(memory.remove(List.of("createdAt", "updatedAt"))).isNotNull();
    }
    return copy;
  }

  @Test
  void someCallsAnswerDataSomeTextAndSomeFail() throws IOException {
    assertThat(toolbox.call("get", JSON.readTree(calls().get("get"))).value().path("text").asText())
        .contains("private void refill()");
    assertThat(toolbox.call("env_read", JSON.readTree(calls().get("env_read"))).value().path("text").asText())
        .isEqualTo("bucket");
    assertThat(toolbox.call("env_peek", JSON.readTree(calls().get("env_peek"))).error()).isTrue();
  }

  @Test
  void anInvalidCallGetsTheSameRejectionThroughBoth() throws IOException {
    String arguments = "{\"query\": 7, \"n\": \"many\", \"unknown\": true}";
    JsonNode mcp = mcp("tools/call", "{\"name\": \"recall\", \"arguments\": " + arguments + "}");
    ToolResult agent = toolbox.call("recall", JSON.readTree(arguments));

    assertThat(agent.error()).isTrue();
    assertThat(mcp.path("isError").asBoolean()).isTrue();
    ObjectNode rejection = ((ObjectNode) mcp.path("structuredContent")).deepCopy();
    rejection.remove(List.of("status", "exitCode", "message"));
    assertThat(rejection).isEqualTo(agent.value());
    assertThat(agent.value().path("errors").size()).isBetween(1, 8);
    assertThat(agent.value().has("inputSchema")).isTrue();
  }
}
