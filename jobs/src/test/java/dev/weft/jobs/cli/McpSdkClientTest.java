package dev.weft.jobs.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.weft.agents.model.stub.StubChatServer;
import dev.weft.agents.model.stub.StubReply;
import dev.weft.api.Weft;
import dev.weft.jobs.mcp.McpClient;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code weft mcp} driven by the official MCP TypeScript SDK client ({@code @modelcontextprotocol/sdk} from npm,
 * installed once under {@code target/mcp-sdk-client}): one Node run spawns the server, lists the tools and calls
 * every one. Skipped, saying why, when node or npm is absent or the install fails (offline).
 */
class McpSdkClientTest {
  private static final Path CLIENT_DIR = Path.of("target", "mcp-sdk-client").toAbsolutePath();
  @TempDir Path tmp;

  @Test
  void theTypeScriptSdkClientListsAndCallsEveryTool() throws Exception {
    assumeTrue(runs(tmp.resolve("node-version.log"), 60, "node", "--version"),
        "node is not installed: the MCP TypeScript SDK client test needs it (npm too)");
    installSdk();

    Path corpus = Files.createDirectories(tmp.resolve("corpus"));
    Files.writeString(corpus.resolve("Limiter.java"), "/** Refills permits. */\nclass Limiter {\n  int permits;\n}\n");
    // a git work tree with one uncommitted file, for recent
    GitGroundingCommandTest.git(corpus, "init", "-q");
    GitGroundingCommandTest.git(corpus, "add", "-A");
    GitGroundingCommandTest.git(corpus, "commit", "-q", "-m", "first");
    Files.writeString(corpus.resolve("Bucket.java"), "class Bucket {\n  Limiter limiter;\n}\n");
    Path index = tmp.resolve("index");
    try (Weft weft = Weft.open(index)) {
      weft.index(corpus);
      weft.environment().put("notes/limits", "the bucket holds 10 permits"); // for the env tools
    }
    Path calls = tmp.resolve("calls.json");
    Files.writeString(calls, CALLS);
    List<String> command = new ArrayList<>(List.of("node", CLIENT_DIR.resolve("client.mjs").toString(),
        calls.toString()));
    command.addAll(McpChild.command(index, corpus));
    // program_run's map asks the stub chat server, the model the server was started with
    StubChatServer stub = new StubChatServer().replies(request -> StubReply.text("{\"permits\": "
        + request.userMessage().contains("permits") + "}"));
    command.addAll(List.of("--model", "stub", "--base-url", stub.baseUrl(), "--api-key-env", "WEFT_TEST_NO_KEY"));
    Path out = tmp.resolve("node.out");
    Path err = tmp.resolve("node.err");
    try (stub) {
      Process node = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
      if (!node.waitFor(300, TimeUnit.SECONDS)) {
        node.destroyForcibly();
        throw new AssertionError("the Node client did not finish within 300 s; stderr:\n" + Files.readString(err));
      }
      assertThat(node.exitValue()).as(Files.readString(err)).isZero();
    }
    JsonNode report = McpClient.json(Files.readString(out).strip());

    assertThat(report.at("/server/name").asText()).isEqualTo("weft");
    List<String> listed = new ArrayList<>();
    report.path("tools").forEach(t -> listed.add(t.asText()));
    List<String> called = new ArrayList<>();
    for (JsonNode result : report.path("results")) {
      called.add(result.path("name").asText());
      boolean refusalExpected = result.path("text").asText().contains("invalid arguments");
      assertThat(result.path("isError").asBoolean()).as(result.toString()).isEqualTo(refusalExpected);
    }
    assertThat(called).containsAll(listed);
    assertThat(report.path("results").get(called.indexOf("get")).path("text").asText()).contains("class Limiter");
    assertThat(called.stream().filter("recall"::equals)).hasSize(2); // the second one is refused by its schema
    assertThat(report.path("results").get(called.indexOf("impact")).path("text").asText())
        .contains("\"symbol\":\"Limiter\"", "Bucket.java");
    assertThat(report.path("results").get(called.indexOf("recent")).path("text").asText())
        .contains("\"path\":\"Bucket.java\",\"status\":\"untracked\"");
    assertThat(report.path("results").get(called.indexOf("program_run")).path("text").asText())
        .contains("\"ok\":true", "\"subcalls\":2", "permits", "true"); // Limiter.java and Bucket.java
    assertThat(report.path("results").get(called.indexOf("env_read")).path("text").asText()).contains("10 permits");
  }

  /** Copies the client into target/ and installs the pinned SDK there, once; aborts (skips) when npm cannot. */
  private void installSdk() throws IOException, InterruptedException {
    Files.createDirectories(CLIENT_DIR);
    for (String file : List.of("package.json", "client.mjs")) {
      try (InputStream in = McpSdkClientTest.class.getResourceAsStream("/mcp-sdk-client/" + file)) {
        Files.copy(in, CLIENT_DIR.resolve(file), StandardCopyOption.REPLACE_EXISTING);
      }
    }
    if (Files.exists(CLIENT_DIR.resolve("node_modules/@modelcontextprotocol/sdk/package.json"))) {
      return;
    }
    Path log = tmp.resolve("npm.log");
    boolean installed = runs(log, 300, "npm", "install", "--no-audit", "--no-fund", "--prefix", CLIENT_DIR.toString());
    assumeTrue(installed, () -> "npm could not install @modelcontextprotocol/sdk (offline?), skipping the SDK client "
        + "test: " + lastLine(log));
  }

  /** Runs a command to completion within {@code seconds}; false when it cannot start, fails or overruns. */
  private static boolean runs(Path log, long seconds, String... command) throws InterruptedException {
    try {
      Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
      if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        return false;
      }
      return process.exitValue() == 0;
    } catch (IOException e) {
      return false;
    }
  }

  private static String lastLine(Path log) {
    try {
      List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
      return lines.isEmpty() ? "(no output)" : lines.get(lines.size() - 1);
    } catch (IOException e) {
      return "(no log: " + e.getMessage() + ")";
    }
  }

  private static final String CALLS = """
      [
        {"name": "index", "arguments": {}},
        {"name": "recall", "arguments": {"query": "refills permits", "kind": "code"}},
        {"name": "recall", "arguments": {"query": "refills permits", "n": 0}},
        {"name": "get", "arguments": {"path": "Limiter.java"}},
        {"name": "stats", "arguments": {}},
        {"name": "generations", "arguments": {}},
        {"name": "graph_node", "arguments": {"path": "Limiter.java"}},
        {"name": "graph_related", "arguments": {"path": "Limiter.java", "dir": "both", "hops": 2}},
        {"name": "impact", "arguments": {"symbol": "Limiter"}},
        {"name": "recent", "arguments": {}},
        {"name": "remember", "arguments": {"id": "port", "text": "postgres listens on 5432"}},
        {"name": "memory_get", "arguments": {"id": "port"}},
        {"name": "memory_list", "arguments": {}},
        {"name": "memory_count", "arguments": {}},
        {"name": "forget", "arguments": {"id": "port"}},
        {"name": "ledger_goal_set", "arguments": {"objective": "ship the MCP server"}},
        {"name": "ledger_goal_progress", "arguments": {"note": "tools listed", "evidence": ["commit 698dc0a"]}},
        {"name": "ledger_goal_compose", "arguments": {}},
        {"name": "ledger_goal_status", "arguments": {"status": "completed"}},
        {"name": "ledger_memory_add", "arguments": {"text": "node drives the server", "evidence": "client.mjs:1",
          "tags": ["test"]}},
        {"name": "ledger_memory_recall", "arguments": {"tags": ["test"]}},
        {"name": "program_compile", "arguments": {"program": {"name": "p", "steps": [{"op": "answer", "from": "notes"}]}}},
        {"name": "program_run", "arguments": {"program": {"steps": [
          {"op": "map", "from": "input", "as": "m", "instruction": "Does it hold permits?",
           "output": {"type": "object", "properties": {"permits": {"type": "boolean"}}}},
          {"op": "reduce", "from": "m", "as": "r", "query": "[.[] | .result]"},
          {"op": "answer", "from": "r"}]}, "maxConcurrent": 1}},
        {"name": "env_grep", "arguments": {"pattern": "permits", "scope": ""}},
        {"name": "env_read", "arguments": {"name": "notes/limits", "offset": 17, "chars": 10}},
        {"name": "env_peek", "arguments": {"name": "notes/limits"}}
      ]
      """;
}
