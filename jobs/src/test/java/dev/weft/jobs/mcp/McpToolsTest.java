package dev.weft.jobs.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.weft.api.Weft;
import dev.weft.jobs.cli.CliRun;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code weft mcp} end to end in this JVM over pipes: every tool once, refusals, in-band errors, EOF. */
class McpToolsTest {
  @TempDir Path tmp;
  private Path corpus;
  private Weft weft;
  private McpClient client;
  private InJvmMcp server;
  private final StringWriter err = new StringWriter();

  @BeforeEach
  void start() throws IOException {
    corpus = Files.createDirectories(tmp.resolve("corpus"));
    Files.createDirectories(corpus.resolve("src"));
    Files.writeString(corpus.resolve("src/RateLimiter.java"), """
        package demo;

        /** Refills permits at a fixed rate. */
        public class RateLimiter {
          public boolean tryAcquire(int permits) {
            return permits > 0;
          }
        }
        """);
    Files.writeString(corpus.resolve("README.md"), "# Rate limiting\n\nThe limiter refills permits every second.\n");
    weft = Weft.open(tmp.resolve("index"));
    McpCorpus mcpCorpus = new McpCorpus(weft, corpus);
    PrintWriter log = new PrintWriter(err, true);
    server = InJvmMcp.start(weft, mcpCorpus, new McpBackgroundIndex(mcpCorpus::run, weft::index, log),
        Map.of(WeftMcp.NO_BACKGROUND_INDEX, "1"), log);
    client = server.client();
  }

  @AfterEach
  void stop() throws Exception {
    server.stop();
    weft.close();
  }

  private static String text(JsonNode result) {
    return result.at("/content/0/text").asText();
  }

  private JsonNode ok(String tool, String arguments) {
    JsonNode result = client.call(tool, arguments);
    assertThat(result.path("isError").asBoolean()).as(tool + ": " + result).isFalse();
    return result;
  }

  @Test
  void aHostileWhereIsAnsweredInBandByTheBoundsNameAndTheServerGoesOn() {
    client.initialize();
    ok("index", "{}");
    ok("ledger_memory_add", "{\"text\": \"gradle builds it\", \"tags\": [\"build\"], \"evidence\": [\"build.gradle:1\"]}");
    for (String where : List.of("last(range(1e10))", "def f: f; f", "[range(1e9)]")) {
      JsonNode result = client.call("ledger_memory_recall", "{\"where\": \"" + where + "\"}");
      assertThat(result.path("isError").asBoolean()).as(where + ": " + result).isTrue();
      assertThat(text(result)).startsWith("weft: where '" + where + "' ").contains("(the jq ").doesNotContain("\n");
    }
    ok("stats", "{}");
  }

  @Test
  void everyToolAnswersOverThePipes() {
    assertThat(client.initialize().at("/result/serverInfo/name").asText()).isEqualTo("weft");
    assertThat(err.toString()).contains("no background index (WEFT_MCP_NO_BACKGROUND_INDEX is set)");
    List<String> called = new ArrayList<>();
    List<String> listed = new ArrayList<>();
    client.request("tools/list", null).at("/result/tools").forEach(t -> listed.add(t.path("name").asText()));

    JsonNode index = ok("index", "{}"); // the server's corpus (--root)
    called.add("index");
    assertThat(index.at("/structuredContent/ingest/generation").asLong()).isEqualTo(1);
    assertThat(index.at("/structuredContent/ingest/files").asLong()).isEqualTo(2);

    JsonNode recall = ok("recall", "{\"query\":\"refill permits\",\"kind\":\"code\",\"n\":3}");
    called.add("recall");
    JsonNode hit = recall.at("/structuredContent/hits/0");
    assertThat(hit.path("path").asText()).isEqualTo("src/RateLimiter.java");
    String lines = hit.at("/chunk/startLine").asInt() + "-" + hit.at("/chunk/endLine").asInt();
    assertThat(ok("recall", "{\"query\":\"refill permits\"}").at("/structuredContent/groups/doc/0/path").asText())
        .isEqualTo("README.md");

    JsonNode chunk = ok("get", "{\"path\":\"src/RateLimiter.java\",\"lines\":\"" + lines + "\"}");
    called.add("get");
    assertThat(text(chunk)).contains("class RateLimiter");
    assertThat(text(ok("get", "{\"path\":\"README.md\"}"))).startsWith("# Rate limiting");

    JsonNode stats = ok("stats", "{}").path("structuredContent");
    assertThat(stats.path("files").asLong()).isEqualTo(2);
    assertThat(stats.at("/chunks/code").asLong()).as("kinds named as the CLI's stats names them").isPositive();
    called.add("stats");
    JsonNode generations = ok("generations", "{}").path("structuredContent");
    called.add("generations");
    assertThat(generations.path("served").asLong()).isEqualTo(1);
    assertThat(generations.at("/generations/0/source/kind").asText()).isEqualTo("files");

    JsonNode node = ok("graph_node", "{\"path\":\"src/RateLimiter.java\"}").path("structuredContent");
    called.add("graph_node");
    assertThat(node.path("format").asText()).isEqualTo("java");
    assertThat(node.at("/chunks/0/startLine").asInt()).as("1-based, as the CLI prints it").isEqualTo(1);
    assertThat(ok("graph_related", "{\"path\":\"src/RateLimiter.java\",\"dir\":\"both\"}")
        .at("/structuredContent/items").size()).isZero();
    called.add("graph_related");
    assertThat(ok("impact", "{\"symbol\":\"tryAcquire\"}").at("/structuredContent/defs/0/path").asText())
        .isEqualTo("src/RateLimiter.java");
    called.add("impact");
    JsonNode recent = client.call("recent", "{}"); // the corpus is no git work tree: the CLI's line, in-band
    assertThat(recent.path("isError").asBoolean()).isTrue();
    assertThat(text(recent)).isEqualTo(CliRun.of("recent", "--index", tmp.resolve("index").toString()).err().strip());
    called.add("recent");

    assertThat(ok("remember", "{\"id\":\"port\",\"text\":\"postgres listens on 5432\",\"scope\":\"alice\"}")
        .at("/structuredContent/status").asText()).isEqualTo("created");
    called.add("remember");
    JsonNode facts = ok("recall", "{\"query\":\"postgres port\",\"kind\":\"fact\",\"scope\":\"alice\"}");
    assertThat(facts.at("/structuredContent/hits/0/memory/id").asText()).isEqualTo("port");
    assertThat(ok("memory_get", "{\"id\":\"port\",\"scope\":\"alice\"}").at("/structuredContent/text").asText())
        .isEqualTo("postgres listens on 5432");
    called.add("memory_get");
    assertThat(ok("memory_list", "{\"scope\":\"alice\"}").at("/structuredContent/records/0/id").asText())
        .isEqualTo("port");
    called.add("memory_list");
    assertThat(ok("memory_count", "{\"scope\":\"alice\",\"kind\":\"fact\"}").at("/structuredContent/count")
        .asLong()).isEqualTo(1);
    called.add("memory_count");
    assertThat(ok("forget", "{\"id\":\"port\",\"scope\":\"alice\"}").at("/structuredContent/forgot").asInt())
        .isEqualTo(1);
    called.add("forget");

    assertThat(ok("ledger_goal_set", "{\"objective\":\"ship the server\"}").at("/structuredContent/id").asText())
        .isEqualTo("goal:1");
    called.add("ledger_goal_set");
    assertThat(ok("ledger_goal_progress", "{\"note\":\"protocol written\",\"evidence\":\"commit 698dc0a\"}")
        .at("/structuredContent/id").asText()).isEqualTo("progress:1");
    called.add("ledger_goal_progress");
    JsonNode compose = ok("ledger_goal_compose", "{}").path("structuredContent");
    called.add("ledger_goal_compose");
    assertThat(compose.path("active").asBoolean()).isTrue();
    assertThat(compose.path("text").asText()).contains("ship the server", "protocol written");
    assertThat(ok("ledger_goal_status", "{\"status\":\"paused\"}").at("/structuredContent/status").asText())
        .isEqualTo("paused");
    called.add("ledger_goal_status");
    assertThat(ok("ledger_memory_add", "{\"text\":\"the build needs JDK 17\",\"evidence\":\"pom.xml:21\","
        + "\"tags\":[\"build\"]}").at("/structuredContent/id").asText()).isEqualTo("memory:1");
    called.add("ledger_memory_add");
    assertThat(ok("ledger_memory_recall", "{\"tags\":[\"build\"]}").at("/structuredContent/hits/0/id").asText())
        .isEqualTo("memory:1");
    called.add("ledger_memory_recall");
    JsonNode compiled = ok("program_compile", "{\"program\":{\"name\":\"p\",\"steps\":[{\"op\":\"answer\","
        + "\"from\":\"notes\"}]}}").path("structuredContent");
    assertThat(compiled.path("ok").asBoolean()).as(compiled.toString()).isTrue();
    assertThat(compiled.path("fingerprint").asText()).hasSize(64);
    JsonNode refused = ok("program_compile", "{\"program\":{\"name\":\"p\",\"steps\":[{\"op\":\"teleport\"}]}}")
        .path("structuredContent");
    assertThat(refused.path("ok").asBoolean()).isFalse();
    assertThat(refused.at("/errors/0/code").asText()).startsWith("AI0");
    called.add("program_compile");
    JsonNode run = ok("program_run", "{\"program\":{\"steps\":[{\"op\":\"stat\",\"from\":\"input\",\"as\":\"s\"},"
        + "{\"op\":\"select\",\"from\":\"s\",\"as\":\"n\",\"query\":\".pieces\"},{\"op\":\"answer\",\"from\":\"n\"}]}}")
        .path("structuredContent");
    assertThat(run.at("/answer/preview").asText()).as("the served index's chunks").isEqualTo(
        String.valueOf(run.at("/input/pieces").asInt())).isNotEqualTo("0");
    JsonNode noModel = client.call("program_run", "{\"program\":{\"steps\":[{\"op\":\"map\",\"from\":\"input\","
        + "\"as\":\"m\",\"instruction\":\"x\"},{\"op\":\"answer\",\"from\":\"m\"}]}}");
    assertThat(text(noModel)).isEqualTo("weft: program_run: the program maps over pieces with a model (step 0), and "
        + "this server has no model: start it with `weft mcp --model M --base-url URL [--api-key-env VAR]`, or run a "
        + "program without a map step");
    called.add("program_run");

    // the environment beside the index: the agents' env tools over the facade's environment
    weft.environment().put("notes/limits", "the bucket holds 10 permits");
    JsonNode grep = ok("env_grep", "{\"pattern\":\"10 permits\"}").path("structuredContent");
    assertThat(grep.at("/hits/0/slot").asText()).isEqualTo("notes/limits");
    assertThat(grep.at("/hits/0/offset").asInt()).isEqualTo(17);
    called.add("env_grep");
    assertThat(ok("env_read", "{\"name\":\"notes/limits\",\"offset\":17,\"chars\":10}")
        .at("/structuredContent/text").asText()).isEqualTo("10 permits");
    called.add("env_read");
    assertThat(ok("env_peek", "{\"name\":\"notes/limits\"}").at("/structuredContent/chars").asInt()).isEqualTo(27);
    JsonNode missing = client.call("env_peek", "{\"name\":\"notes/none\"}");
    assertThat(missing.path("isError").asBoolean()).isTrue();
    assertThat(text(missing)).startsWith("weft: ").contains("notes/none");
    called.add("env_peek");

    assertThat(called).containsExactlyInAnyOrderElementsOf(listed);
  }

  @Test
  void failuresComeBackInBandAsTheCliLine() {
    client.initialize();
    JsonNode notIndexed = client.call("stats", "{}");
    assertThat(notIndexed.path("isError").asBoolean()).isTrue();
    assertThat(notIndexed.at("/structuredContent/exitCode").asInt()).isEqualTo(CliRun.of("stats", "--index",
        tmp.resolve("index").toString()).exit());
    assertThat(text(notIndexed)).isEqualTo(CliRun.of("stats", "--index", tmp.resolve("index").toString()).err()
        .strip());

    ok("index", "{}");
    JsonNode noChunk = client.call("get", "{\"path\":\"src/RateLimiter.java\",\"lines\":\"90-99\"}");
    assertThat(noChunk.path("isError").asBoolean()).isTrue();
    assertThat(noChunk.at("/structuredContent/status").asText()).isEqualTo("nothing_found");
    assertThat(text(noChunk)).isEqualTo("weft: lines 90-99 of src/RateLimiter.java are not an indexed chunk; use "
        + "the ranges recall returns");

    JsonNode mixed = client.call("recall", "{\"query\":\"x\",\"kind\":[\"fact\",\"code\"]}");
    assertThat(text(mixed)).startsWith("weft: fact and episode are ranked apart");
    assertThat(mixed.at("/structuredContent/exitCode").asInt()).isEqualTo(2);

    JsonNode missing = client.call("memory_get", "{\"id\":\"nobody\"}");
    assertThat(text(missing)).isEqualTo("weft: no memory 'nobody' in scope global; memory_list shows what is there");

    JsonNode noEvidence = client.call("ledger_goal_progress", "{\"note\":\"x\",\"evidence\":\"y\"}");
    assertThat(text(noEvidence)).startsWith("weft: ").contains("goal");
  }

  @Test
  void argumentsTheSchemaRefusesNeverReachTheTool() {
    client.initialize();
    JsonNode zero = client.call("recall", "{\"query\":\"permits\",\"n\":0}");
    assertThat(zero.path("isError").asBoolean()).isTrue();
    assertThat(text(zero)).startsWith("weft: invalid arguments for tool 'recall': at /n (rule 'minimum')");
    assertThat(text(client.call("recall", "{\"query\":\"permits\",\"mode\":\"fuzzy\"}")))
        .contains("at /mode (rule 'enum')");
    assertThat(text(client.call("get", "{\"path\":\"a\",\"lines\":\"ten\"}"))).contains("at /lines (rule 'pattern')");
    assertThat(text(client.call("remember", "{\"id\":\"a\"}"))).contains("(rule 'required')", "text");
    assertThat(text(client.call("stats", "{\"verbose\":true}"))).contains("(rule 'additionalProperties')");
    assertThat(text(client.call("ledger_goal_status", "{\"status\":\"done\"}"))).contains("at /status (rule 'enum')");
    assertThat(Files.exists(tmp.resolve("index"))).as("nothing ran, so nothing was created").isFalse();
  }

  @Test
  void endOfInputShutsTheServerDown() throws Exception {
    client.initialize();
    client.close();
    assertThat(client.closedOutput()).isTrue();
    server.served().get(60, TimeUnit.SECONDS);
    assertThat(client.transcript).hasSize(1);
  }
}
