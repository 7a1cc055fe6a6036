package dev.weft.agents.recursive;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.weft.agents.loop.Budget;
import dev.weft.agents.loop.StopReason;
import dev.weft.agents.model.stub.StubChatServer;
import dev.weft.agents.model.stub.StubEcho;
import dev.weft.agents.program.CanonicalJson;
import dev.weft.agents.program.RunResult;
import dev.weft.context.env.Environment;
import dev.weft.context.env.SlotEnvironment;
import dev.weft.context.program.CancelSignal;
import dev.weft.context.store.InMemoryStore;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;

/** A tree stopped by its budget leaves its work in slots; the same question again reuses the finished children. */
class ResumeTest {
  /** Four lines of three words: twelve leaf calls at depth 2, three per child. */
  private static final String CORPUS = "a b c\nd e f\ng h i\nj k l\n";

  private static RecursionTree.Run run(StubChatServer stub, Environment env, Budget budget, IntFunction<String> p) {
    return Trees.tree(stub, Depth.resolve(2), budget, 1, p).run(env, "What do the lines say?", CancelSignal.none());
  }

  private static JsonNode answer(RecursionTree.Run run) {
    return CanonicalJson.parse(run.root().run().orElseThrow().readAnswer(0, RunResult.MAX_READ_CHARS));
  }

  private static String slot(Environment env, String name) {
    return env.read(name, (int) env.stat(name).chars(), 0);
  }

  @Test
  void theSameQuestionAgainAsksOnlyTheChildrenThatDidNotFinish() throws Exception {
    Environment env = new SlotEnvironment(new InMemoryStore());
    env.put("corpus", CORPUS);
    try (StubChatServer stub = new StubChatServer()) {
      RecursionTree.Run stopped = run(stub, env, Budget.unbounded().withTurns(7), Trees.linesThenWords());

      assertThat(stopped.stopReason()).contains(StopReason.TURNS);
      assertThat(stub.calls()).isEqualTo(7);
      // Children 1 and 2 finished; child 3 made one call before the budget ran out; child 4 never started.
      assertThat(env.stat("child/2/corpus%23line:1%2F1.answer").chars()).isPositive();
      assertThat(CanonicalJson.parse(slot(env, "child/2/corpus%23line:1%2F2/said/0")).has("result")).isTrue();
      assertThat(CanonicalJson.parse(slot(env, "child/2/corpus%23line:1%2F2/said/1")).at("/error/reason").asText())
          .isEqualTo("BUDGET_SPENT");
      assertThat(CanonicalJson.parse(slot(env, "found/3")).at("/error/reason").asText()).isEqualTo("BUDGET_SPENT");

      RecursionTree.Run resumed = run(stub, env, Budget.unbounded(), Trees.linesThenWords());

      assertThat(stub.calls()).isEqualTo(7 + 3 + 3);
      assertThat(resumed.children()).isEqualTo(new RecursionTree.Children(2, 2, 0));
      assertThat(resumed.stopReason()).isEmpty();

      Environment fresh = new SlotEnvironment(new InMemoryStore());
      fresh.put("corpus", CORPUS);
      assertThat(answer(resumed)).isEqualTo(answer(run(stub, fresh, Budget.unbounded(), Trees.linesThenWords())));
    }
  }

  @Test
  void aCancelledTreeKeepsWhatItDidAndTheNextRunFinishesIt() throws Exception {
    Environment env = new SlotEnvironment(new InMemoryStore());
    env.put("corpus", CORPUS);
    CancelSignal cancel = new CancelSignal();
    try (StubChatServer stub = new StubChatServer()) {
      stub.replies(request -> {
        if (request.call() == 5) {
          cancel.cancel(); // Ctrl-C while the second child's second call is in flight
        }
        return StubEcho.reply(request);
      });
      RecursionTree.Run cancelled = Trees.tree(stub, Depth.resolve(2), Budget.unbounded(), 1, Trees.linesThenWords())
          .run(env, "What do the lines say?", cancel);

      assertThat(cancelled.root().run().orElseThrow().ok()).isFalse();
      assertThat(env.stat("child/2/corpus%23line:1%2F0.answer").chars()).isPositive();
      assertThat(CanonicalJson.parse(slot(env, "child/2/corpus%23line:1%2F1/said/0")).has("result")).isTrue();
      int before = stub.calls();
      stub.replies(StubEcho::reply);

      RecursionTree.Run resumed = run(stub, env, Budget.unbounded(), Trees.linesThenWords());

      assertThat(resumed.root().run().orElseThrow().ok()).isTrue();
      assertThat(resumed.children()).isEqualTo(new RecursionTree.Children(3, 1, 0));
      assertThat(stub.calls() - before).isEqualTo(9);
    }
  }

  @Test
  void anotherQuestionOverTheSamePiecesRunsEveryChildAgain() throws Exception {
    Environment env = new SlotEnvironment(new InMemoryStore());
    env.put("corpus", CORPUS);
    try (StubChatServer stub = new StubChatServer()) {
      run(stub, env, Budget.unbounded(), Trees.linesThenWords());
      String other = Trees.LINES.replace("What does this line say?", "Which letters are vowels?");

      RecursionTree.Run again = run(stub, env, Budget.unbounded(), depth -> depth == 1 ? other : Trees.WORDS);

      assertThat(again.children()).isEqualTo(new RecursionTree.Children(4, 0, 0));
      assertThat(stub.calls()).isEqualTo(24);
    }
  }
}
