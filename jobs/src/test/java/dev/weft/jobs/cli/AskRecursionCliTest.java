package dev.weft.jobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.weft.agents.model.stub.StubChatServer;
import dev.weft.agents.model.stub.StubReply;
import dev.weft.agents.model.stub.StubRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code weft ask --depth 2} through the CLI against the scripted stub: the root maps its pieces to child agents,
 * each child authors its own program over its {@code corpus} and answers envelopes, the leaves answer the lines.
 */
class AskRecursionCliTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  /** The root: one child per file, their results kept whole (envelopes and errors alike). */
  static final String ROOT = """
      {"name": "per-note", "steps": [
        {"op": "map", "from": "input", "as": "notes", "instruction": "Which lines of this note mention a bug?"},
        {"op": "reduce", "from": "notes", "as": "all", "query": "."},
        {"op": "answer", "from": "all"}]}""";
  /** A child: the lines of its corpus that mention a bug, each asked of a leaf, the answers as envelopes. */
  static final String CHILD = """
      {"name": "bug-lines", "steps": [
        {"op": "chunk", "from": "corpus", "as": "lines", "strategy": "line", "size": 1},
        {"op": "grep", "from": "lines", "as": "hits", "pattern": "bug"},
        {"op": "map", "from": "hits", "as": "said", "instruction": "Repeat the line."},
        {"op": "reduce", "from": "said", "as": "kept", "query": "map({slot: .address, value: .result})"},
        {"op": "answer", "from": "kept"}]}""";
  /** Reads a slot a child's scope does not have: AI0202, refused in the repair round too. */
  static final String MISSING_SLOT = """
      {"steps": [{"op": "stat", "from": "notes", "as": "s"}, {"op": "answer", "from": "s"}]}""";

  @TempDir Path tmp;
  private StubChatServer stub;
  private Path env;

  @BeforeEach
  void open() throws Exception {
    stub = new StubChatServer();
    env = Files.createDirectories(tmp.resolve("env"));
    Files.writeString(env.resolve("a.md"), "a bug here\nfine\nanother bug\n");
    Files.writeString(env.resolve("b.md"), "all fine\n");
    Files.writeString(env.resolve("c.md"), "one bug\n");
  }

  @AfterEach
  void close() {
    stub.close();
  }

  /** The root's author writes ROOT; a child's writes CHILD, but c.md's child writes a refused program twice. */
  private void script() {
    stub.replies(request -> {
      if (!AskCliTest.isAuthoring(request)) {
        return StubReply.text("seen: " + request.userMessage().strip());
      }
      String body = request.body().toString();
      if (!body.contains("This program answers a parent program")) {
        return StubReply.text(ROOT);
      }
      return StubReply.text(body.contains("one bug") ? MISSING_SLOT : CHILD);
    });
  }

  private String[] ask(String... more) {
    List<String> args = new ArrayList<>(List.of("ask", "Which lines mention a bug?", "--model", "stub",
        "--base-url", stub.baseUrl(), "--api-key-env", "WEFT_TEST_NO_KEY"));
    args.addAll(List.of(more));
    return args.toArray(String[]::new);
  }

  @Test
  void atDepthTwoEachPieceIsAChildAgentAndARefusedChildIsAValueInTheRootsAnswer() throws Exception {
    script();

    CliRun run = CliRun.of(ask("--env", env.toString(), "--depth", "2", "--json"));

    assertThat(run.exit()).as(run.err()).isZero();
    JsonNode json = JSON.readTree(run.out());
    assertThat(json.path("ok").asBoolean()).isTrue();
    assertThat(json.path("answer").path("truncated").asBoolean()).isFalse();
    JsonNode answer = JSON.readTree(json.path("answer").path("preview").asText());
    assertThat(answer.findValuesAsText("address")).containsExactly("a.md", "b.md", "c.md", "child/2/c.md/");
    JsonNode a = answer.get(0).path("result");
    assertThat(a.findValuesAsText("value")).containsExactly("seen: a bug here", "seen: another bug");
    assertThat(a.findValuesAsText("slot")).allMatch(slot -> slot.startsWith("child/2/a.md/"));
    assertThat(answer.get(1).path("result").size()).isZero();
    JsonNode failed = answer.get(2).path("error");
    assertThat(failed.path("reason").asText()).isEqualTo("CHILD_FAILED");
    assertThat(failed.path("depth").asInt()).isEqualTo(2);
    assertThat(failed.path("address").asText()).isEqualTo("child/2/c.md/");
    assertThat(failed.path("message").asText()).contains("the model did not write a program that compiles")
        .contains("AI0202 /steps/0/from");
    assertThat(json.path("depth").toString()).isEqualTo("{\"requested\":2,\"used\":2,\"clamped\":false}");
    assertThat(json.path("children").toString()).isEqualTo("{\"ran\":3,\"reused\":0,\"failed\":1}");
    assertThat(json.path("calls").toString()).isEqualTo("{\"total\":4,\"author\":1,\"subcalls\":3,\"failed\":1}");
    // one account for the tree: the root's and the children's authoring (1 + 1 + 1 + 2) and the 2 leaves
    assertThat(json.path("spend").path("turns").asInt()).isEqualTo(7).isEqualTo(stub.calls());
  }

  @Test
  void aChildsAuthoringPromptStatesTheEnvelopeRuleAndItsSketchIsItsOwnPiece() {
    script();

    CliRun run = CliRun.of(ask("--env", env.toString(), "--depth", "2"));

    assertThat(run.exit()).as(run.err()).isZero();
    assertThat(run.err()).contains("depth 2, children: 3 ran (1 failed), 0 reused; ");
    List<String> children = stub.requests().stream().filter(AskCliTest::isAuthoring)
        .map(r -> r.body().path("messages").get(0).path("content").asText())
        .filter(p -> p.contains("This program answers a parent program")).toList();
    assertThat(children).hasSize(4).allMatch(p -> p.contains("The question: Which lines of this note mention a bug?"));
    assertThat(children).anyMatch(p -> p.contains("- corpus: a bug here")).noneMatch(p -> p.contains("b.md"));
  }

  @Test
  void depthTwoOnABeamRunnerIsRefusedInOneLineBeforeAnyModelCall() {
    script();
    String dataset = ProgramCliTest.EXAMPLES.resolve("modules.jsonl").toString();

    CliRun direct = CliRun.of(ask("--dataset", dataset, "--depth", "2", "--runner", "direct", "--work",
        tmp.resolve("work").toString()));
    CliRun shown = CliRun.of(ask("--dataset", dataset, "--depth", "3", "--runner", "direct", "--show-program"));

    assertThat(direct.exit()).isEqualTo(2);
    assertThat(direct.err()).isEqualTo("weft: depth 2 runs in process only, got runner direct; pass --runner "
        + "inprocess, or --depth 1 to run on direct\n");
    assertThat(shown.exit()).isEqualTo(2);
    assertThat(stub.calls()).isZero();
  }

  @Test
  void showProgramAtADepthAboveTheCapAuthorsTheRootAndReportsTheClamp() throws Exception {
    script();

    CliRun run = CliRun.of(ask("--env", env.toString(), "--depth", "5", "--show-program", "--json"));

    assertThat(run.exit()).as(run.err()).isZero();
    JsonNode json = JSON.readTree(run.out());
    assertThat(json.path("program")).isEqualTo(JSON.readTree(ROOT));
    assertThat(json.path("depth").toString()).isEqualTo("{\"requested\":5,\"used\":3,\"clamped\":true}");
    assertThat(stub.calls()).isEqualTo(1);
  }
}
