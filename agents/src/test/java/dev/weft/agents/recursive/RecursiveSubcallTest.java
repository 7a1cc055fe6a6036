package dev.weft.agents.recursive;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.weft.agents.loop.Budget;
import dev.weft.agents.loop.StopReason;
import dev.weft.agents.model.ChatSubcall;
import dev.weft.agents.model.stub.StubChatServer;
import dev.weft.agents.model.stub.StubEcho;
import dev.weft.agents.program.CanonicalJson;
import dev.weft.agents.program.RunOptions;
import dev.weft.agents.program.RunResult;
import dev.weft.context.env.SlotEnvironment;
import dev.weft.context.program.CancelSignal;
import dev.weft.context.store.InMemoryStore;
import java.util.concurrent.locks.LockSupport;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;

/** A map piece as a child level: scope, envelopes, failure as a value, the bounded answer, the shared budget. */
class RecursiveSubcallTest {
  private static final String CORPUS = "alpha beta\ngamma\ndelta epsilon zeta\n";
  private static final String FIRST_SCOPE = "child/2/corpus%23line:1%2F0/";

  private final SlotEnvironment env = new SlotEnvironment(new InMemoryStore());

  private RecursionTree.Run run(RecursionTree tree) {
    env.put("corpus", CORPUS);
    return tree.run(env, "What do the lines say?", CancelSignal.none());
  }

  private static JsonNode answer(RecursionTree.Run run) {
    RunResult result = run.root().run().orElseThrow();
    return CanonicalJson.parse(result.readAnswer(0, RunResult.MAX_READ_CHARS));
  }

  private String slot(String name) {
    return env.read(name, (int) env.stat(name).chars(), 0);
  }

  @Test
  void atDepthTwoEachLineIsAChildWhoseWordsAreTheModelCalls() throws Exception {
    try (StubChatServer stub = new StubChatServer()) {
      RecursionTree.Run run = run(Trees.tree(stub, Depth.resolve(2), Budget.unbounded(), 2, Trees.linesThenWords()));

      assertThat(stub.calls()).isEqualTo(6);
      assertThat(run.children()).isEqualTo(new RecursionTree.Children(3, 0, 0));
      assertThat(run.spent().turns()).isEqualTo(6);
      JsonNode answer = answer(run);
      assertThat(answer).hasSize(3);
      assertThat(answer.at("/0/slot").asText()).isEqualTo("corpus#line:1/0");
      assertThat(answer.at("/0/value/0/slot").asText()).isEqualTo(FIRST_SCOPE + "corpus#separator:1000/0");
      assertThat(answer.at("/0/value/0/value").asText()).isEqualTo("echo: alpha");
      assertThat(answer.at("/2/value")).hasSize(3);
      // The child's work stays in its scope, where the parent (and only the parent's side) can read it.
      assertThat(slot(FIRST_SCOPE + "corpus")).isEqualTo("alpha beta\n");
      assertThat(CanonicalJson.parse(slot(FIRST_SCOPE + "said"))).hasSize(2);
    }
  }

  @Test
  void aChildWhoseProgramIsRefusedIsAValueInItsParentsMapAndTheMapCompletes() throws Exception {
    String noEnvelopes = Trees.WORDS.replace("map({slot: .address, value: .result})", "length");
    try (StubChatServer stub = new StubChatServer()) {
      RecursionTree.Run run = run(Trees.tree(stub, Depth.resolve(2), Budget.unbounded(), 2,
          depth -> depth == 1 ? Trees.LINES : noEnvelopes));

      RunResult root = run.root().run().orElseThrow();
      assertThat(root.ok()).isTrue();
      assertThat(root.failed()).isEqualTo(3);
      assertThat(stub.calls()).isZero();
      JsonNode first = CanonicalJson.parse(slot("found/0"));
      assertThat(first.at("/error/reason").asText()).isEqualTo("CHILD_FAILED");
      assertThat(first.at("/error/depth").asInt()).isEqualTo(2);
      assertThat(first.at("/error/address").asText()).isEqualTo(FIRST_SCOPE);
      assertThat(first.at("/error/message").asText())
          .startsWith("corpus#line:1/0: the program of level 2 was refused: AI0208 /steps/2:");
      assertThat(run.children()).isEqualTo(new RecursionTree.Children(3, 0, 3));
    }
  }

  @Test
  void aChildCannotReadItsSiblingsCorpusByItsRealAddress() throws Exception {
    String peekSibling = """
        {"steps": [{"op": "peek", "from": "child/2/corpus%23line:1%2F1/corpus", "as": "p"},
                   {"op": "answer", "from": "p"}]}""";
    try (StubChatServer stub = new StubChatServer()) {
      RecursionTree.Run run = run(Trees.tree(stub, Depth.resolve(2), Budget.unbounded(), 1,
          depth -> depth == 1 ? Trees.LINES : peekSibling));

      JsonNode first = CanonicalJson.parse(slot("found/0"));
      assertThat(first.at("/error/message").asText()).contains("AI0202 /steps/0/from: no slot named "
          + "'child/2/corpus%23line:1%2F1/corpus'");
      assertThat(answer(run).toString()).doesNotContain("gamma");
    }
  }

  @Test
  void aChildAnswerLongerThanMaxAnswerCharsIsThePiecesErrorNotATruncation() throws Exception {
    try (StubChatServer stub = new StubChatServer()) {
      RecursionTree tree = new RecursionTree(Depth.resolve(2), TreeBudget.of(Budget.unbounded(), 4),
          new ChatSubcall(Trees.stub(stub)), 40, ProgramLevel.of(Trees.linesThenWords(), RunOptions.defaults()));

      run(tree);

      JsonNode first = CanonicalJson.parse(slot("found/0"));
      assertThat(first.at("/error/reason").asText()).isEqualTo("CHILD_FAILED");
      assertThat(first.at("/error/message").asText()).matches("corpus#line:1/0: the child's answer is \\d+ "
          + "characters, over maxAnswerChars 40; reduce it further, or raise maxAnswerChars");
      assertThat(first.has("result")).isFalse();
    }
  }

  @Test
  void whenTheSharedBudgetIsSpentLaterChildrenAreNotStartedAndTheTreeSaysWhy() throws Exception {
    try (StubChatServer stub = new StubChatServer()) {
      RecursionTree.Run run = run(Trees.tree(stub, Depth.resolve(2), Budget.unbounded().withTurns(2), 1,
          Trees.linesThenWords()));

      assertThat(stub.calls()).isEqualTo(2);
      assertThat(run.stopReason()).contains(StopReason.TURNS);
      JsonNode third = CanonicalJson.parse(slot("found/2"));
      assertThat(third.at("/error/reason").asText()).isEqualTo("BUDGET_SPENT");
      assertThat(third.at("/error/depth").asInt()).isEqualTo(2);
      assertThat(third.at("/error/message").asText()).contains("child not started: the tree's turns budget of 2 is "
          + "spent");
      assertThat(run.children()).isEqualTo(new RecursionTree.Children(1, 0, 2));
    }
  }

  @Test
  void theWholeTreeHasAtMostKModelCallsInFlightThoughEachLevelRunsKAtATime() throws Exception {
    int k = 2;
    TreeBudget budget = TreeBudget.of(Budget.unbounded(), k);
    try (StubChatServer stub = new StubChatServer()) {
      // Hold each call until a third is in flight (the bound broken) or one waits for a permit (the bound held).
      stub.replies(request -> {
        long guard = System.nanoTime() + 60_000_000_000L;
        while (stub.inFlight() <= k && budget.waiting() == 0) {
          if (System.nanoTime() > guard) {
            throw new IllegalStateException("no call waited for a permit and no third call came in 60 s");
          }
          LockSupport.parkNanos(1_000_000L); // a condition no monitor signals: look again, without spinning a core
        }
        return StubEcho.reply(request);
      });
      RecursionTree tree = new RecursionTree(Depth.resolve(2), budget, new ChatSubcall(Trees.stub(stub)),
          RecursionTree.DEFAULT_MAX_ANSWER_CHARS,
          ProgramLevel.of(Trees.linesThenWords(), RunOptions.defaults().withMaxConcurrent(k)));

      RecursionTree.Run run = run(tree);

      assertThat(stub.calls()).isEqualTo(6);
      assertThat(stub.maxInFlight()).isEqualTo(k);
      assertThat(run.root().run().orElseThrow().failed()).isZero();
    }
  }

  @Test
  void askingForMoreThanThreeLevelsRunsThreeAndReportsTheClamp() throws Exception {
    String chars = """
        {"steps": [
          {"op": "chunk", "from": "corpus", "as": "bits", "strategy": "size", "size": 3},
          {"op": "map", "from": "bits", "as": "said", "instruction": "Repeat."},
          {"op": "reduce", "from": "said", "as": "kept", "query": "map({slot: .address, value: .result})"},
          {"op": "answer", "from": "kept"}]}""";
    IntFunction<String> programs = depth -> depth == 1 ? Trees.LINES : depth == 2 ? Trees.WORDS : chars;
    try (StubChatServer stub = new StubChatServer()) {
      RecursionTree.Run run = run(Trees.tree(stub, Depth.resolve(7), Budget.unbounded(), 2, programs));

      assertThat(run.depth()).isEqualTo(new Depth(3, true));
      int expected = 0;
      for (String line : CORPUS.split("(?<=\n)")) {
        for (String word : line.split(" ")) {
          expected += (word.length() + 2) / 3;
        }
      }
      assertThat(stub.calls()).isEqualTo(expected);
      assertThat(run.children()).isEqualTo(new RecursionTree.Children(3 + 6, 0, 0));
      // A slot crossing a boundary gets the child's scope in front; a nested one stays its own level's name.
      JsonNode word = answer(run).at("/0/value/0");
      assertThat(word.get("slot").asText()).isEqualTo(FIRST_SCOPE + "corpus#separator:1000/0");
      String bit = word.at("/value/0/slot").asText();
      assertThat(bit).isEqualTo("child/3/corpus%23separator:1000%2F0/corpus#size:3/0");
      assertThat(slot(FIRST_SCOPE + bit)).isEqualTo("alp");
    }
  }
}
