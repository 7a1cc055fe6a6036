package dev.weft.jobs.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.weft.agents.model.stub.StubChatServer;
import dev.weft.agents.model.stub.StubReply;
import dev.weft.api.Weft;
import dev.weft.jobs.cli.ProgramCliTest;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The program_run tool against the stub chat server: the answer, counts and report; a long run does not keep ping
 * waiting and is cancelled by notifications/cancelled (no response); refusals in-band as the CLI's line.
 */
class McpProgramRunTest {
  static final Path EXAMPLES = ProgramCliTest.EXAMPLES;
  private static final String PROGRAM = "{\"program\": %s, \"dataset\": \"%s\", \"maxConcurrent\": 2}";

  @TempDir Path tmp;
  private StubChatServer stub;
  private Weft weft;
  private InJvmMcp server;
  private McpClient client;
  private final StringWriter err = new StringWriter();
  private final CountDownLatch release = new CountDownLatch(1);
  private volatile boolean hold;
  private volatile String reply;

  @BeforeEach
  void start() throws IOException {
    stub = new StubChatServer().replies(request -> {
      if (hold) {
        await(release);
      }
      return StubReply.text(reply != null ? reply : judge(request.userMessage()).toString());
    });
    weft = Weft.open(tmp.resolve("index"));
    McpCorpus corpus = new McpCorpus(weft, List.of(EXAMPLES, tmp)); // two roots: the example dataset, env dirs
    PrintWriter log = new PrintWriter(err, true);
    server = InJvmMcp.start(weft, corpus, new McpBackgroundIndex(corpus::run, weft::index, log),
        Map.of(WeftMcp.NO_BACKGROUND_INDEX, "1"), log, new WeftMcp.Settings(1 << 20, Optional.of(
            new McpProgramTools.Endpoint(stub.baseUrl(), "stub-model", "WEFT_TEST_NO_KEY", Duration.ofSeconds(30)))));
    client = server.client();
    client.initialize();
  }

  @AfterEach
  void stop() throws Exception {
    release.countDown();
    server.stop();
    weft.close();
    stub.close();
  }

  static ObjectNode judge(String piece) {
    boolean calls = piece.lines().anyMatch(l -> l.contains("LegacyClock.now()") && !l.strip().startsWith("//"));
    return McpClient.MAPPER.createObjectNode().put("calls", calls).put("module", piece.lines().findFirst().orElse(""))
        .put("why", calls ? "still reads the time through it" : "only a comment mentions it");
  }

  private static String arguments() throws IOException {
    return PROGRAM.formatted(Files.readString(EXAMPLES.resolve("deprecated-calls.json")),
        EXAMPLES.resolve("modules.jsonl"));
  }

  @Test
  void runsTheExampleAndReturnsTheAnswerTheCountsAndTheReport() throws Exception {
    JsonNode result = client.call("program_run", arguments());

    assertThat(result.path("isError").asBoolean()).as(result.toString()).isFalse();
    JsonNode run = result.path("structuredContent");
    assertThat(run.path("ok").asBoolean()).isTrue();
    assertThat(run.at("/answer/preview").asText()).contains("auth", "billing").doesNotContain("reports\"");
    assertThat(run.path("subcalls").asInt()).isEqualTo(stub.calls()).isPositive();
    assertThat(run.at("/input/runner").asText()).isEqualTo("inprocess");
    assertThat(run.at("/concurrency/limit").asInt()).isEqualTo(2);
    Path report = Path.of(run.path("report").asText());
    assertThat(report).startsWith(tmp.resolve("index").resolve("mcp-runs"));
    assertThat(McpClient.json(Files.readString(report)).path("job").asText()).isEqualTo("program");
    assertThat(McpClient.json(Files.readString(Path.of(run.path("program").asText()))).path("name").asText())
        .isEqualTo("deprecated-calls");
    assertThat(result.at("/content/0/text").asText()).isEqualTo(run.toString());
  }

  @Test
  void pingIsAnsweredWhileARunIsHeldAndACancelledRunGetsNoResponse() throws Exception {
    hold = true;
    ObjectNode params = McpClient.MAPPER.createObjectNode().put("name", "program_run");
    params.set("arguments", McpClient.json(arguments()));
    client.send(McpClient.MAPPER.createObjectNode().put("jsonrpc", "2.0").put("id", "run-1")
        .put("method", "tools/call").<ObjectNode>set("params", params).toString());
    stub.awaitInFlightAtLeast(1); // the run is asking the model, held there

    client.send("{\"jsonrpc\":\"2.0\",\"id\":\"p\",\"method\":\"ping\"}");
    assertThat(client.next().path("id").asText()).as("ping answered during the run").isEqualTo("p");

    client.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":\"run-1\"}}");
    // the reader takes lines in order: once this ping is answered the cancel has reached the run
    client.send("{\"jsonrpc\":\"2.0\",\"id\":\"q\",\"method\":\"ping\"}");
    assertThat(client.next().path("id").asText()).isEqualTo("q");
    release.countDown(); // were the cancel lost, the run would now complete and be answered
    server.stop(); // the end of input waits for the run to end
    assertThat(client.transcript).as("no response to the cancelled run").noneMatch(line -> line.contains("run-1"));
    assertThat(stub.calls()).as("no call started after the cancel").isLessThanOrEqualTo(2);
    assertThat(McpClient.json(Files.readString(onlyReport())).path("outcome").asText()).isEqualTo("failed");
  }

  @Test
  void refusalsComeBackInBandAsTheClisLine() throws Exception {
    JsonNode twoSources = client.call("program_run", "{\"program\": {\"steps\": [{\"op\": \"answer\", \"from\": "
        + "\"input\"}]}, \"dataset\": \"a.jsonl\", \"env\": \"dir\"}");
    assertThat(twoSources.path("isError").asBoolean()).isTrue();
    assertThat(twoSources.at("/content/0/text").asText()).isEqualTo("weft: program_run takes at most one of index, "
        + "dataset and env, got: index null, dataset a.jsonl, env dir");
    assertThat(twoSources.at("/structuredContent/exitCode").asInt()).isEqualTo(2);

    JsonNode badBound = client.call("program_run", "{\"program\": {}, \"maxConcurrent\": 0}");
    assertThat(badBound.at("/content/0/text").asText()).startsWith("weft: invalid arguments for tool 'program_run': "
        + "at /maxConcurrent (rule 'minimum')");

    JsonNode refused = client.call("program_run", "{\"program\": {\"steps\": [{\"op\": \"fold\", \"from\": "
        + "\"input\", \"as\": \"x\"}]}, \"env\": \"" + tmp + "\"}");
    assertThat(refused.at("/content/0/text").asText()).startsWith("weft: ").contains("AI0102");
    assertThat(refused.at("/structuredContent/exitCode").asInt()).isEqualTo(2);
  }

  /** Every piece of the example dataset mapped to the stub's reply; the answer is the results. */
  private JsonNode runEchoingEveryReply(String stubReply) {
    reply = stubReply;
    return client.call("program_run", "{\"program\": {\"steps\": [{\"op\": \"map\", \"from\": \"input\", "
        + "\"as\": \"said\", \"instruction\": \"Say it.\"}, {\"op\": \"answer\", \"from\": \"said\"}]}, "
        + "\"dataset\": \"" + EXAMPLES.resolve("modules.jsonl") + "\"}");
  }

  @Test
  void anAnswerPastThePreviewComesWholeAsTextAndInAFileBesideTheReport() throws Exception {
    // the 2,000-character preview was all an MCP client could reach
    JsonNode result = runEchoingEveryReply("long ".repeat(400));

    assertThat(result.path("isError").asBoolean()).as(result.toString()).isFalse();
    JsonNode answer = result.at("/structuredContent/answer");
    assertThat(answer.path("truncated").asBoolean()).isTrue();
    String text = answer.path("text").asText();
    assertThat(text).hasSize(answer.path("chars").asInt()).hasSizeGreaterThan(4 * 2_000)
        .startsWith(answer.path("preview").asText());
    Path file = Path.of(answer.path("file").asText());
    assertThat(file).startsWith(tmp.resolve("index").resolve("mcp-runs")).hasFileName("answer.txt")
        .hasParent(Path.of(result.at("/structuredContent/report").asText()).getParent());
    assertThat(Files.readString(file)).isEqualTo(text);
    assertThat(McpClient.json(result.at("/content/0/text").asText()).at("/answer/text").asText()).isEqualTo(text);
  }

  @Test
  void anAnswerTooLongForAResponseLineIsInItsFileAlone() throws Exception {
    // four replies of 300,000 chars: the answer (twice in a result: text and structuredContent) passes 1 MiB
    JsonNode result = runEchoingEveryReply("x".repeat(300_000));

    assertThat(result.path("isError").asBoolean()).as(result.toString()).isFalse();
    JsonNode answer = result.at("/structuredContent/answer");
    assertThat(answer.has("text")).isFalse();
    assertThat(answer.path("preview").asText()).hasSize(2_000);
    String whole = Files.readString(Path.of(answer.path("file").asText()));
    assertThat(whole).hasSize(answer.path("chars").asInt()).hasSizeGreaterThan(4 * 300_000)
        .startsWith(answer.path("preview").asText());
    assertThat(client.transcript).allMatch(line -> line.length() <= 1 << 20);
  }

  private Path onlyReport() throws IOException {
    try (var runs = Files.list(tmp.resolve("index").resolve("mcp-runs"))) {
      return runs.findFirst().orElseThrow().resolve("report.json");
    }
  }

  private static void await(CountDownLatch latch) {
    try {
      if (!latch.await(60, TimeUnit.SECONDS)) {
        throw new AssertionError("not released within 60 s");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
