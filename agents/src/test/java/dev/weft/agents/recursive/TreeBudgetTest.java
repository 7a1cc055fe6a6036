package dev.weft.agents.recursive;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.weft.agents.loop.Budget;
import dev.weft.agents.loop.Spend;
import dev.weft.agents.loop.StopReason;
import dev.weft.agents.model.ChatClient;
import dev.weft.agents.model.ChatMessage;
import dev.weft.agents.model.ChatRequest;
import dev.weft.agents.model.ChatSubcall;
import dev.weft.agents.model.stub.StubChatServer;
import dev.weft.agents.model.stub.StubReply;
import dev.weft.agents.program.CanonicalJson;
import dev.weft.agents.program.MapProgress;
import dev.weft.agents.program.Piece;
import dev.weft.agents.program.ProgramCompiler;
import dev.weft.agents.program.ProgramRunner;
import dev.weft.agents.program.RunOptions;
import dev.weft.agents.program.RunResult;
import dev.weft.context.env.SlotEnvironment;
import dev.weft.context.program.CancelSignal;
import dev.weft.context.program.MapCall;
import dev.weft.context.program.Subcall;
import dev.weft.context.program.SubcallException;
import dev.weft.context.store.InMemoryStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The shared account: the turn bound exact under concurrency, the token overshoot bounded by K - 1 calls. */
class TreeBudgetTest {
  private static final String MAP_ALL = """
      {"steps": [{"op": "map", "from": "input", "as": "m", "instruction": "Repeat the text."},
                 {"op": "answer", "from": "m"}]}""";

  private static List<Piece> pieces(int n) {
    List<Piece> pieces = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      pieces.add(new Piece("p" + i, "piece " + i));
    }
    return pieces;
  }

  private static RunResult map(Subcall subcall, int k, int n) throws Exception {
    return new ProgramRunner(new SlotEnvironment(new InMemoryStore()), subcall,
        RunOptions.defaults().withMaxConcurrent(k))
        .run(ProgramCompiler.compileText(MAP_ALL, name -> false).planOrThrow(), pieces(n), CancelSignal.none(),
            MapProgress.Listener.none());
  }

  /** Holds each of the first {@code k} replies until all {@code k} calls are in flight at the stub at once. */
  private static void launchTogether(StubChatServer stub, int k, StubReply reply) {
    CountDownLatch together = new CountDownLatch(k);
    stub.replies(request -> {
      together.countDown();
      try {
        if (!together.await(60, TimeUnit.SECONDS)) {
          throw new IllegalStateException("the stub waited 60 s for " + k + " calls in flight");
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      return reply;
    });
  }

  private static List<String> reasons(RunResult result) {
    List<String> reasons = new ArrayList<>();
    for (JsonNode r : CanonicalJson.parse(result.readAnswer(0, RunResult.MAX_READ_CHARS))) {
      reasons.add(r.has("error") ? r.at("/error/reason").asText() : "ok");
    }
    return reasons;
  }

  @Test
  void theTurnBoundIsExactWhenKSubcallsLaunchTogether() throws Exception {
    try (StubChatServer stub = new StubChatServer()) {
      launchTogether(stub, 8, StubReply.text("ok", new StubReply.Usage(3, 1)));
      TreeBudget budget = TreeBudget.of(Budget.unbounded().withTurns(10), 8);

      RunResult result = map(budget.charging(new ChatSubcall(Trees.stub(stub))), 8, 50);

      assertThat(stub.calls()).isEqualTo(10);
      assertThat(stub.maxInFlight()).isEqualTo(8);
      assertThat(budget.spent().turns()).isEqualTo(10);
      assertThat(result.failed()).isEqualTo(40);
      assertThat(reasons(result)).filteredOn("ok"::equals).hasSize(10);
      assertThat(reasons(result)).filteredOn("BUDGET_SPENT"::equals).hasSize(40);
      assertThat(budget.stopReason()).contains(StopReason.TURNS);
    }
  }

  @Test
  void aTokenBudgetOvershootsByAtMostKMinusOneCallsWhenTheyLaunchTogether() throws Exception {
    int k = 4;
    long perCall = 100;
    long limit = 250;
    try (StubChatServer stub = new StubChatServer()) {
      launchTogether(stub, k, StubReply.text("ok", new StubReply.Usage(60, 40)));
      TreeBudget budget = TreeBudget.of(Budget.unbounded().withTokens(limit), k);

      map(budget.charging(new ChatSubcall(Trees.stub(stub))), k, 40);

      Spend spent = budget.spent();
      // All K were reserved while nothing was settled, so at least K calls went though 3 reach the budget.
      assertThat(stub.calls()).isGreaterThanOrEqualTo(k);
      assertThat(spent.totalTokens()).isEqualTo(stub.calls() * perCall);
      assertThat(spent.estimated()).isFalse();
      long reachedAt = (limit + perCall - 1) / perCall; // the call whose tokens reached the budget
      assertThat(stub.calls() - reachedAt).isLessThanOrEqualTo(k - 1);
      assertThat(spent.totalTokens() - reachedAt * perCall).isLessThanOrEqualTo((k - 1) * perCall);
    }
  }

  @Test
  void aTokenBudgetWithoutSynchronisedLaunchesStaysWithinTheSameBound() throws Exception {
    int k = 4;
    try (StubChatServer stub = new StubChatServer()) {
      stub.replies(request -> StubReply.text("ok", new StubReply.Usage(60, 40)));
      TreeBudget budget = TreeBudget.of(Budget.unbounded().withTokens(250), k);

      map(budget.charging(new ChatSubcall(Trees.stub(stub))), k, 40);

      assertThat(stub.calls()).isBetween(3, 3 + k - 1);
      assertThat(budget.spent().totalTokens()).isBetween(250L, 250L + k * 100L);
    }
  }

  @Test
  void aLevelsOwnModelCallIsChargedAndRefusedOnceTheTurnsAreSpent() throws Exception {
    try (StubChatServer stub = new StubChatServer()) {
      TreeBudget budget = TreeBudget.of(Budget.unbounded().withTurns(1), 2);
      ChatClient client = new ChatClient(Trees.stub(stub));
      ChatRequest request = ChatRequest.of(ChatMessage.user("write the program"));

      budget.chat("level 1 author", client, request, CancelSignal.none());

      assertThat(budget.spent().turns()).isEqualTo(1);
      assertThat(budget.spent().estimated()).isFalse(); // the stub reports usage
      try {
        budget.chat("level 1 repair", client, request, CancelSignal.none());
        throw new AssertionError("a call past the turns budget was made");
      } catch (SubcallException e) {
        assertThat(e.reason()).isEqualTo(SubcallException.Reason.BUDGET_SPENT);
        assertThat(e.getMessage()).startsWith("level 1 repair: the tree's turns budget of 1 is spent");
      }
      assertThat(stub.calls()).isEqualTo(1);
    }
  }

  @Test
  void aSubcallThatReportsNoUsageIsSettledWithTheEstimate() throws Exception {
    TreeBudget budget = TreeBudget.of(Budget.unbounded(), 4);
    Subcall plain = (call, cancel) -> TextNode.valueOf("12345678");

    JsonNode value = budget.charging(plain).call(new MapCall("a", "1234", "12345678", Optional.empty()),
        CancelSignal.none());

    assertThat(value.asText()).isEqualTo("12345678");
    // prompt 12 chars = 3 tokens, reply 8 chars = 2 tokens, at the project's 4 characters a token
    assertThat(budget.spent()).extracting(Spend::turns, Spend::totalTokens, Spend::estimatedCalls)
        .containsExactly(1, 5L, 1);
  }

  @Test
  void theMsBoundRefusesCallsOnceItHasPassed() throws Exception {
    AtomicLong nanos = new AtomicLong();
    TreeBudget budget = TreeBudget.of(Budget.unbounded().withMs(100), 4, nanos::get);
    Subcall charged = budget.charging((call, cancel) -> TextNode.valueOf("x"));
    MapCall call = new MapCall("a", "i", "p", Optional.empty());

    charged.call(call, CancelSignal.none());
    nanos.set(100_000_000L);

    try {
      charged.call(call, CancelSignal.none());
      throw new AssertionError("the call past the ms budget was made");
    } catch (SubcallException e) {
      assertThat(e.reason()).isEqualTo(SubcallException.Reason.BUDGET_SPENT);
      assertThat(e.getMessage()).startsWith("a: the tree's ms budget of 100 has passed, so the call was not made;");
    }
    assertThat(budget.spent().turns()).isEqualTo(1);
  }
}
