package dev.weft.agents.author;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.weft.agents.loop.Budget;
import dev.weft.agents.loop.StopReason;
import dev.weft.agents.model.stub.StubChatServer;
import dev.weft.agents.model.stub.StubReply;
import dev.weft.agents.program.CanonicalJson;
import dev.weft.agents.program.RunOptions;
import dev.weft.agents.recursive.RecursionTree;
import dev.weft.context.env.Environment;
import dev.weft.context.env.SlotEnvironment;
import dev.weft.context.store.InMemoryStore;
import dev.weft.models.http.EndpointConfig;
import java.io.IOException;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** A tree of long-horizon agents on one account: every level's authoring and every leaf charge the tree's budget. */
class AskTreeTest {
  /** The root: one child per slot of the environment. */
  static final String ROOT = """
      {"name": "per-note", "steps": [
        {"op": "map", "from": "input", "as": "notes", "instruction": "Which lines of this note mention a bug?"},
        {"op": "reduce", "from": "notes", "as": "all", "query": "."},
        {"op": "answer", "from": "all"}]}""";
  /** A child: each line of its corpus that mentions a bug asked of a leaf, kept as envelopes. */
  static final String CHILD = """
      {"name": "bug-lines", "steps": [
        {"op": "chunk", "from": "corpus", "as": "lines", "strategy": "line", "size": 1},
        {"op": "grep", "from": "lines", "as": "hits", "pattern": "bug"},
        {"op": "map", "from": "hits", "as": "said", "instruction": "Repeat the line."},
        {"op": "reduce", "from": "said", "as": "kept", "query": "map({slot: .address, value: .result})"},
        {"op": "answer", "from": "kept"}]}""";

  private StubChatServer stub;
  private Environment env;

  @BeforeEach
  void open() throws IOException {
    stub = new StubChatServer();
    stub.replies(request -> !LongHorizonAgentTest.isAuthoring(request)
        ? StubReply.text("seen: " + request.userMessage().strip())
        : StubReply.text(request.userMessage().contains(ProgramAuthor.ENVELOPES) ? CHILD : ROOT));
    env = new SlotEnvironment(new InMemoryStore());
    env.put("a.md", "a bug here\nfine\nanother bug\n");
    env.put("b.md", "one bug\n");
  }

  @AfterEach
  void close() {
    stub.close();
  }

  private AskTree tree(Budget budget, int k) {
    EndpointConfig model = EndpointConfig.of(stub.baseUrl(), "stub").withApiKeyEnv("WEFT_TEST_NO_KEY")
        .withMaxRetries(0).withTimeout(Duration.ofSeconds(20));
    return AskTree.of(ModelRouter.single(model), new AskOptions(2), budget, RunOptions.defaults().withMaxConcurrent(k));
  }

  @Test
  void everyLevelsAuthoringAndEveryLeafAreChargedToTheTreesOneAccount() throws Exception {
    AskTree tree = tree(Budget.unbounded(), 2);

    AskResult result = tree.root().run("Which lines mention a bug?", new EnvironmentSource(env, RunOptions.defaults()));

    JsonNode answer = CanonicalJson.parse(result.run().answerPreview());
    assertThat(answer.findValuesAsText("value")).containsExactlyInAnyOrder("seen: a bug here", "seen: another bug",
        "seen: one bug");
    assertThat(answer.findValuesAsText("slot")).allMatch(slot -> slot.startsWith("child/2/"));
    // 1 root author, 2 child authors, 3 leaves: all on the tree's account, which the result reports
    assertThat(tree.tree().budget().spent().turns()).isEqualTo(6).isEqualTo(stub.calls());
    assertThat(result.spend().turns()).isEqualTo(6);
    assertThat(tree.tree().children()).isEqualTo(new RecursionTree.Children(2, 0, 0));
  }

  @Test
  void aTurnsBudgetCountsAuthoringCallsSoTheTreeStopsExactlyAtItAndTheRootCompletes() throws Exception {
    // one call in flight: the root's author (1), a.md's author (2), a.md's first leaf (3); nothing more is asked
    AskTree tree = tree(Budget.unbounded().withTurns(3), 1);

    AskResult result = tree.root().run("Which lines mention a bug?", new EnvironmentSource(env,
        RunOptions.defaults().withMaxConcurrent(1)));

    assertThat(stub.calls()).isEqualTo(3);
    assertThat(tree.tree().budget().stopReason()).contains(StopReason.TURNS);
    assertThat(result.run().ok()).isTrue();
    JsonNode answer = CanonicalJson.parse(result.run().answerPreview());
    assertThat(answer.get(1).path("error").path("reason").asText()).isEqualTo("BUDGET_SPENT");
    assertThat(answer.get(1).path("error").path("address").asText()).isEqualTo("child/2/b.md/");
  }
}
