package dev.weft.jobs.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.weft.api.Weft;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every path an MCP tool call names stays inside the server's roots: the attacks of issue 29 (H1) — indexing a
 * sibling tree and reading it back, a program over /etc, a link that leads out — are refused in-band, by name, and
 * the user's generation is untouched. And {@code get} of an absolute path inside the root works (L9).
 */
class McpRootsTest {
  @TempDir Path tmp;
  private Path corpus;
  private Path other;
  private Weft weft;
  private McpClient client;
  private InJvmMcp server;
  private final StringWriter err = new StringWriter();

  @BeforeEach
  void start() throws IOException {
    corpus = Files.createDirectories(tmp.resolve("corpus").resolve("src")).getParent();
    Files.writeString(corpus.resolve("src/C1.java"), "class C1 {}\n");
    other = Files.createDirectories(tmp.resolve("other"));
    Files.writeString(other.resolve("creds.md"), "# creds\n\npassword hunter2\n");
    weft = Weft.open(tmp.resolve("index"));
    McpCorpus mcpCorpus = new McpCorpus(weft, corpus);
    PrintWriter log = new PrintWriter(err, true);
    server = InJvmMcp.start(weft, mcpCorpus, new McpBackgroundIndex(mcpCorpus::run, weft::index, log),
        Map.of(WeftMcp.NO_BACKGROUND_INDEX, "1"), log);
    client = server.client();
    client.initialize();
    assertThat(client.call("index", "{}").path("isError").asBoolean()).isFalse();
  }

  @AfterEach
  void stop() throws Exception {
    server.stop();
    weft.close();
  }

  private static String text(JsonNode result) {
    return result.at("/content/0/text").asText();
  }

  /** A program that answers the first characters of one slot: the H1 attack's {@code peek "passwd"}. */
  private static String peek(String slot) {
    return "{\"version\": 1, \"steps\": [{\"op\": \"peek\", \"from\": \"" + slot + "\", \"as\": \"head\"}, "
        + "{\"op\": \"answer\", \"from\": \"head\"}]}";
  }

  private static void refusedAsBadInput(JsonNode result, String line) {
    assertThat(result.path("isError").asBoolean()).as(result.toString()).isTrue();
    assertThat(text(result)).isEqualTo(line);
    assertThat(result.at("/structuredContent/exitCode").asInt()).isEqualTo(2);
  }

  @Test
  void indexOfASiblingTreeIsRefusedAndTheGenerationIsKept() {
    long generation = weft.generations().served();

    refusedAsBadInput(client.call("index", "{\"root\": \"../other\"}"), "weft: root must stay inside the server's "
        + "roots (--root) " + corpus + ", got: ../other; name a path inside them, or start `weft mcp` with another "
        + "--root (repeatable)");
    JsonNode absolute = client.call("index", "{\"root\": \"" + other + "\"}");
    assertThat(text(absolute)).startsWith("weft: root must stay inside the server's roots (--root) " + corpus);

    assertThat(weft.generations().served()).as("nothing published").isEqualTo(generation);
    JsonNode creds = client.call("get", "{\"path\": \"creds.md\"}");
    assertThat(creds.path("isError").asBoolean()).isTrue();
    assertThat(text(creds)).doesNotContain("hunter2");
    assertThat(text(client.call("get", "{\"path\": \"src/C1.java\"}"))).isEqualTo("class C1 {}\n");
  }

  @Test
  void indexOfATreeInsideTheRootThatIsNotTheCorpusIsRefused() throws IOException {
    long generation = weft.generations().served();

    JsonNode sub = client.call("index", "{\"root\": \"src\"}");
    assertThat(text(sub)).startsWith("weft: index works on this server's corpus only (" + corpus + "): one index "
        + "holds one corpus");
    assertThat(sub.at("/structuredContent/exitCode").asInt()).isEqualTo(2);
    assertThat(weft.generations().served()).isEqualTo(generation);
    assertThat(client.call("index", "{\"root\": \".\"}").path("isError").asBoolean()).as("the corpus itself")
        .isFalse();
  }

  @Test
  void aLinkInsideTheRootThatLeadsOutIsRefused() throws IOException {
    Files.createSymbolicLink(corpus.resolve("escape"), other);

    JsonNode run = client.call("program_run", "{\"program\": " + peek("creds.md") + ", \"env\": \"escape\"}");
    refusedAsBadInput(run, "weft: env must stay inside the server's roots (--root) " + corpus + ", got: escape (it "
        + "leads to " + other.toRealPath() + "); name a path inside them, or start `weft mcp` with another --root "
        + "(repeatable)");
  }

  @Test
  void aProgramOverEtcIsRefused() {
    JsonNode run = client.call("program_run", "{\"program\": " + peek("passwd") + ", \"env\": \"/etc\"}");
    refusedAsBadInput(run, "weft: env must stay inside the server's roots (--root) " + corpus + ", got: /etc; name "
        + "a path inside them, or start `weft mcp` with another --root (repeatable)");
    assertThat(text(run)).doesNotContain("root:x:0");

    for (String source : List.of("\"dataset\": \"/etc/passwd\"", "\"index\": \"" + other + "\"",
        "\"index\": \"" + tmp.resolve("index") + "\", \"work\": \"/tmp/elsewhere\"")) {
      JsonNode refused = client.call("program_run", "{\"program\": " + peek("x") + ", " + source + "}");
      assertThat(refused.path("isError").asBoolean()).as(source).isTrue();
      assertThat(text(refused)).as(source).contains("must stay inside the server's roots (--root)")
          .contains(corpus.toString()).contains("name a path inside them");
    }
  }

  @Test
  void aProgramOverADirectoryInsideTheRootRuns() throws IOException {
    JsonNode run = client.call("program_run", "{\"program\": " + peek("src/C1.java") + ", \"env\": \"" + corpus + "\"}");
    assertThat(run.path("isError").asBoolean()).as(run.toString()).isFalse();
    assertThat(run.at("/structuredContent/answer/preview").asText()).contains("class C1");
  }

  @Test
  void getTakesAnAbsolutePathInsideTheRoot() {
    assertThat(text(client.call("get", "{\"path\": \"" + corpus.resolve("src/C1.java") + "\"}")))
        .isEqualTo("class C1 {}\n");
    JsonNode outside = client.call("get", "{\"path\": \"" + other.resolve("creds.md") + "\"}");
    refusedAsBadInput(outside, "weft: path must stay inside the corpus root " + corpus + ", got: "
        + other.resolve("creds.md"));
  }
}
