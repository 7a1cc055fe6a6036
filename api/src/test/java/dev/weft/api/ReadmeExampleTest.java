package dev.weft.api;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.IntNode;
import dev.weft.agents.loop.Agent;
import dev.weft.agents.loop.AgentCallbacks;
import dev.weft.agents.loop.AgentOptions;
import dev.weft.agents.loop.AgentRun;
import dev.weft.agents.model.ChatMessage;
import dev.weft.agents.model.stub.StubChatServer;
import dev.weft.agents.model.stub.StubReply;
import dev.weft.agents.tool.Toolbox;
import dev.weft.context.Hit;
import dev.weft.context.Kind;
import dev.weft.context.RecallRequest;
import dev.weft.context.RecallResult;
import dev.weft.models.http.EndpointConfig;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The README's library example, compiled and run here; the README must show exactly this code. */
class ReadmeExampleTest {
  private static final Path README = Path.of("../README.md");
  private static final Path SOURCE = Path.of("src/test/java/dev/weft/api/ReadmeExampleTest.java");
  private static final Path CONSUMER = Path.of("src/it/readme-example/src/main/java/ReadmeExample.java");

  @TempDir Path tmp;

  /** The example as the README shows it, between the markers. */
  static void example(Path corpus, Path indexDir, PrintStream out) {
    // README:begin
    try (Weft weft = Weft.open(indexDir)) {
      weft.index(corpus);                                   // incremental; publishes a generation
      RecallResult result = weft.recall(new RecallRequest("refill permits", Set.of(Kind.CODE), 5, true));
      for (Hit hit : result.hits()) {
        out.println(hit.path() + ":" + Lines.of(hit));      // 1-based lines, as editors show them
      }
      Hit best = result.hits().get(0);
      String chunk = weft.get(best.path(), Lines.of(best)).orElseThrow(); // exactly that chunk, hash-checked
      out.println(chunk);
    }
    // README:end
  }

  /** The README's agent example: a toolbox with one tool, the facade's agent, one run. */
  static void agentExample(Weft weft, String baseUrl, JsonNode schema, PrintStream out) {
    // README-agent:begin
    Toolbox tools = new Toolbox().add("word_count", "Counts the words of a text.", schema,
        input -> IntNode.valueOf(input.path("text").asText().split("\\s+").length));
    Agent agent = weft.agent(AgentOptions.defaults().withEndpoint(EndpointConfig.of(baseUrl, "gpt-4o-mini")), tools);
    AgentRun run = agent.send(List.of(ChatMessage.user("How many words: 'to be or not'?")), AgentCallbacks.NONE);
    out.println(run.stopReason().wire() + ": " + (run.completed() ? run.answer() : run.stopMessage()));
    // README-agent:end
  }

  @Test
  void theAgentExampleRunsAToolLoop() throws IOException {
    try (StubChatServer stub = new StubChatServer(); Weft weft = Weft.open(tmp.resolve("index"))) {
      stub.replies(request -> request.call() == 1
          ? StubReply.toolCalls(List.of(new StubReply.ToolCall("c1", "word_count", "{\"text\": \"to be or not\"}")),
              new StubReply.Usage(10, 5))
          : StubReply.text("4 words", new StubReply.Usage(12, 2)));
      JsonNode schema = new ObjectMapper().readTree("{\"type\": \"object\", \"properties\": {\"text\": "
          + "{\"type\": \"string\"}}, \"required\": [\"text\"]}");
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();

      agentExample(weft, stub.baseUrl(), schema, new PrintStream(bytes, true, UTF_8));

      assertThat(bytes.toString(UTF_8).strip()).isEqualTo("completed: 4 words");
      assertThat(stub.requests().get(1).lastMessage("tool")).isEqualTo("4");
      // bound to the facade: the environment tools came with it
      List<String> offered = new ArrayList<>();
      stub.requests().get(0).body().path("tools").forEach(t -> offered.add(t.path("function").path("name").asText()));
      assertThat(offered).containsExactly("word_count", "env_grep", "env_read", "env_peek");
    }
  }

  @Test
  void theExampleIndexesRecallsAndGets() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    example(Golden.copy(tmp.resolve("corpus")), tmp.resolve("index"), new PrintStream(bytes, true, UTF_8));

    List<String> printed = bytes.toString(UTF_8).lines().toList();
    assertThat(printed.get(0)).isEqualTo("src/main/java/com/acme/RateLimiter.java:38-44");
    assertThat(printed).anySatisfy(line -> assertThat(line).contains("private void refill()"));
  }

  @Test
  void theReadmeShowsExactlyThisCode() throws IOException {
    assertThat(Files.readString(README)).contains("\n" + marked(SOURCE, "README") + "\n```");
    assertThat(Files.readString(README)).contains("```java\n" + marked(SOURCE, "README-agent") + "\n```");
  }

  /**
   * The consumer project (src/it, run by maven-invoker in verify: docs/install.md) compiles the README's first block
   * as a user's file, imports and all: the block is its imports, a blank line, then the code this test runs.
   */
  @Test
  void theReadmeShowsTheImportsAndCodeTheConsumerProjectCompiles() throws IOException {
    assertThat(marked(CONSUMER, "README")).isEqualTo(marked(SOURCE, "README"));
    assertThat(Files.readString(README))
        .contains("```java\n" + marked(CONSUMER, "README:imports") + "\n\n" + marked(CONSUMER, "README") + "\n```");
  }

  private static String marked(Path source, String marker) throws IOException {
    Matcher marked = Pattern.compile("// " + marker + ":begin\n(.*?)\n\\s*// " + marker + ":end", Pattern.DOTALL)
        .matcher(Files.readString(source));
    assertThat(marked.find()).as(marker + " markers in " + source).isTrue();
    return marked.group(1).lines().map(line -> line.replaceFirst("^    ", "")).reduce((a, b) -> a + "\n" + b)
        .orElseThrow();
  }
}
