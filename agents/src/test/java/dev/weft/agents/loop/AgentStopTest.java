package dev.weft.agents.loop;

import static dev.weft.agents.loop.Script.add;
import static dev.weft.agents.loop.Script.ask;
import static dev.weft.agents.loop.Script.assertPairingLegal;
import static dev.weft.agents.loop.Script.calls;
import static dev.weft.agents.loop.Script.client;
import static dev.weft.agents.loop.Script.replies;
import static dev.weft.agents.loop.Script.text;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.weft.agents.model.ChatMessage;
import dev.weft.agents.model.ChatMessage.Role;
import dev.weft.agents.model.stub.StubChatServer;
import dev.weft.agents.model.stub.StubFault;
import dev.weft.agents.model.stub.StubReply;
import dev.weft.agents.tool.Toolbox;
import dev.weft.context.program.CancelSignal;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Each stop reason: the run ends with what it has, a named reason, one readable line, a legal transcript. */
// A guard, not a timing assertion: a loop that spins or a call that hangs must fail the test, not the build.
@Timeout(60)
class AgentStopTest {
  private StubChatServer stub;

  @BeforeEach
  void start() throws IOException {
    stub = new StubChatServer();
  }

  @AfterEach
  void stop() {
    stub.close();
  }

  private Agent agent(AgentOptions options) {
    return new Agent(client(stub), Script.toolbox(), options);
  }

  @Test
  void aModelThatNeverStopsCallingToolsStopsAtMaxToolRoundsWithTheLastCallsAnsweredAsNotRun() {
    replies(stub, calls(add("c1", 1, 1)), calls(add("c2", 2, 2)), calls(add("c3", 3, 3), add("c4", 4, 4)));

    AgentRun run = agent(AgentOptions.defaults().withMaxToolRounds(2)).send(ask("loop"), AgentCallbacks.NONE);

    assertThat(run.stopReason()).isEqualTo(StopReason.MAX_TOOL_ROUNDS);
    assertThat(run.stopMessage()).startsWith("Stopped after 2 tool rounds without a final answer: the model "
        + "asked for 2 more tool call(s) (add, add), which were not run");
    assertThat(run.answer()).isEmpty();
    assertThat(stub.calls()).isEqualTo(3);
    assertPairingLegal(run.transcript());
    List<ChatMessage> last = run.transcript().subList(run.transcript().size() - 2, run.transcript().size());
    assertThat(last).allSatisfy(m -> assertThat(m.content()).contains("not run: the agent stopped at its limit "
        + "of 2 tool rounds"));
    assertThat(run.steps()).filteredOn(AgentStep.ToolRun.class::isInstance).hasSize(2);
  }

  @Test
  void theTurnsBudgetRefusesTheCallThatWouldExceedIt() {
    replies(stub, calls(add("c1", 1, 1)), calls(add("c2", 2, 2)), text("never asked"));

    AgentRun run = agent(AgentOptions.defaults().withBudget(Budget.unbounded().withTurns(2)))
        .send(ask("go"), AgentCallbacks.NONE);

    assertThat(run.stopReason()).isEqualTo(StopReason.TURNS);
    assertThat(run.stopMessage()).contains("(2 of 2 model calls made)");
    assertThat(stub.calls()).isEqualTo(2);
    assertThat(run.spend().turns()).isEqualTo(2);
    // the second round's tools ran: only the third model call was refused
    assertThat(run.transcript().get(run.transcript().size() - 1)).isEqualTo(ChatMessage.tool("c2", "4"));
    assertPairingLegal(run.transcript());
  }

  @Test
  void theTokensBudgetStopsAfterTheCallThatReachesItWithoutRunningItsTools() {
    replies(stub, calls(add("c1", 1, 1)), calls(add("c2", 2, 2)), text("never asked"));

    AgentRun run = agent(AgentOptions.defaults().withBudget(Budget.unbounded().withTokens(10)))
        .send(ask("go"), AgentCallbacks.NONE);

    assertThat(run.stopReason()).isEqualTo(StopReason.TOKENS);
    assertThat(run.stopMessage()).contains("(14 of 10 tokens)");
    assertThat(stub.calls()).isEqualTo(2);
    assertThat(run.steps()).filteredOn(AgentStep.ToolRun.class::isInstance).hasSize(1);
    assertThat(run.transcript().get(run.transcript().size() - 1).content()).contains("not run: the tokens budget");
    assertPairingLegal(run.transcript());
  }

  @Test
  void aFinalAnswerThatReachesTheTokensBudgetStillCompletes() {
    replies(stub, text("done"));

    AgentRun run = agent(AgentOptions.defaults().withBudget(Budget.unbounded().withTokens(5)))
        .send(ask("go"), AgentCallbacks.NONE);

    assertThat(run.stopReason()).isEqualTo(StopReason.COMPLETED);
    assertThat(run.answer()).isEqualTo("done");
  }

  @Test
  void theDeadlineIsCheckedBeforeEachModelCall() {
    AtomicLong nanos = new AtomicLong();
    Toolbox toolbox = new Toolbox().add("slow", "takes two seconds of the test's clock",
        JsonNodeFactory.instance.objectNode().put("type", "object"), input -> {
          nanos.addAndGet(2_000_000_000L);
          return JsonNodeFactory.instance.textNode("done");
        });
    replies(stub, calls(new StubReply.ToolCall("c1", "slow", "{}")), text("late"));
    Agent agent = new Agent(client(stub), toolbox,
        AgentOptions.defaults().withBudget(Budget.unbounded().withMs(1_000)), nanos::get);

    AgentRun run = agent.send(ask("go"), AgentCallbacks.NONE);

    assertThat(run.stopReason()).isEqualTo(StopReason.DEADLINE);
    assertThat(run.stopMessage()).contains("the ms budget of 1,000 ms passed (2,000 ms spent)");
    assertThat(stub.calls()).isEqualTo(1);
    assertThat(run.spend().ms()).isEqualTo(2_000);
  }

  @Test
  void theDeadlineEndsAModelCallInFlightLongBeforeTheEndpointTimeout() throws InterruptedException {
    stub.failNext(StubFault.stall());

    AgentRun run = agent(AgentOptions.defaults().withBudget(Budget.unbounded().withMs(300)))
        .send(ask("go"), AgentCallbacks.NONE);

    assertThat(run.stopReason()).isEqualTo(StopReason.DEADLINE);
    assertThat(run.transcript()).containsExactly(ChatMessage.user("go"));
    stub.awaitInFlightAtMost(0); // the exchange was aborted: the stub saw the client go
  }

  @Test
  void aCancelEndsAModelCallInFlight() throws InterruptedException {
    stub.failNext(StubFault.stall());
    CancelSignal cancel = new CancelSignal();
    Thread canceller = new Thread(() -> {
      try {
        stub.awaitInFlightAtLeast(1);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      cancel.cancel();
    });
    canceller.start();

    AgentRun run = agent(AgentOptions.defaults()).send(ask("go"), AgentCallbacks.NONE, cancel);
    canceller.join();

    assertThat(run.stopReason()).isEqualTo(StopReason.CANCELLED);
    assertThat(run.answer()).isEmpty();
    assertThat(run.transcript()).containsExactly(ChatMessage.user("go"));
  }

  @Test
  void aCancelIsCheckedBetweenToolCallsAndTheCallsLeftAreAnsweredAsNotRun() {
    CancelSignal cancel = new CancelSignal();
    Toolbox toolbox = Script.toolbox().add("stop", "cancels the run", JsonNodeFactory.instance.objectNode()
        .put("type", "object"), input -> {
          cancel.cancel();
          return JsonNodeFactory.instance.textNode("cancelling");
        });
    replies(stub, calls(new StubReply.ToolCall("c1", "stop", "{}"), add("c2", 1, 2)),
        text("never asked"));

    AgentRun run = new Agent(client(stub), toolbox, AgentOptions.defaults()).send(ask("go"), AgentCallbacks.NONE,
        cancel);

    assertThat(run.stopReason()).isEqualTo(StopReason.CANCELLED);
    assertThat(stub.calls()).isEqualTo(1);
    assertThat(run.transcript()).extracting(ChatMessage::role).containsExactly(Role.USER, Role.ASSISTANT,
        Role.TOOL, Role.TOOL);
    assertThat(run.transcript().get(2).content()).isEqualTo("cancelling");
    assertThat(run.transcript().get(3).content()).contains("not run: the run was cancelled");
    assertPairingLegal(run.transcript());
  }

  @Test
  void aFailedModelCallEndsTheRunWithWhatItHasNotWithAnException() {
    replies(stub, calls(add("c1", 1, 2)), text("never"));
    stub.failCall(2, StubFault.status(400, "stub: no such model"));

    AgentRun run = agent(AgentOptions.defaults()).send(ask("go"), AgentCallbacks.NONE);

    assertThat(run.stopReason()).isEqualTo(StopReason.MODEL_ERROR);
    assertThat(run.stopMessage()).startsWith("Stopped: the model call failed: chat request to ")
        .contains("HTTP 400").contains("stub: no such model").doesNotContain("\n");
    assertThat(run.transcript()).hasSize(3);
    assertThat(run.spend().turns()).isEqualTo(1);
  }

  @Test
  void aRunCancelledBeforeItStartsMakesNoCall() {
    CancelSignal cancel = new CancelSignal();
    cancel.cancel();

    AgentRun run = agent(AgentOptions.defaults()).send(ask("go"), AgentCallbacks.NONE, cancel);

    assertThat(run.stopReason()).isEqualTo(StopReason.CANCELLED);
    assertThat(stub.calls()).isZero();
  }
}
