package dev.weft.agents.loop;

import static dev.weft.agents.loop.Script.add;
import static dev.weft.agents.loop.Script.ask;
import static dev.weft.agents.loop.Script.assertPairingLegal;
import static dev.weft.agents.loop.Script.calls;
import static dev.weft.agents.loop.Script.client;
import static dev.weft.agents.loop.Script.replies;
import static dev.weft.agents.loop.Script.text;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.weft.agents.model.MessageJson;
import dev.weft.agents.model.stub.StubChatServer;
import dev.weft.context.program.CancelSignal;
import java.io.IOException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@code resume}: a stopped run continues from its transcript; a completed one resumes to itself. */
// A guard, not a timing assertion.
@Timeout(60)
class AgentResumeTest {
  private StubChatServer stub;

  @BeforeEach
  void start() throws IOException {
    stub = new StubChatServer();
  }

  @AfterEach
  void stop() {
    stub.close();
  }

  @Test
  void aRunStoppedAtMaxToolRoundsContinuesWithTheSameHistoryUnderAFreshBudget() {
    replies(stub, calls(add("c1", 1, 1)), calls(add("c2", 2, 2)), calls(add("c3", 3, 3)), text("2, 4 and 6"));
    Agent agent = new Agent(client(stub), Script.toolbox(), AgentOptions.defaults().withMaxToolRounds(1));
    AgentRun stopped = agent.send(ask("double 1, 2, 3"), AgentCallbacks.NONE);
    assertThat(stopped.stopReason()).isEqualTo(StopReason.MAX_TOOL_ROUNDS);

    AgentRun resumed = agent.resume(stopped, AgentCallbacks.NONE, CancelSignal.none());

    assertThat(resumed.stopReason()).isEqualTo(StopReason.COMPLETED);
    assertThat(resumed.answer()).isEqualTo("2, 4 and 6");
    assertThat(resumed.transcript().subList(0, stopped.transcript().size())).isEqualTo(stopped.transcript());
    assertThat(resumed.firstAdded()).isEqualTo(stopped.transcript().size());
    assertPairingLegal(resumed.transcript());
    // the first resumed request carried the stopped run's whole transcript, c2's "not run" answer included
    JsonNode sent = stub.requests().get(2).body().path("messages");
    assertThat(sent).isEqualTo(MessageJson.write(stopped.transcript()));
    assertThat(resumed.spend().turns()).isEqualTo(2);
    assertThat(stub.calls()).isEqualTo(4);
  }

  @Test
  void aResumeTakesTheBudgetItIsGiven() {
    replies(stub, calls(add("c1", 1, 1)), calls(add("c2", 2, 2)), calls(add("c3", 3, 3)), text("never"));
    Agent agent = new Agent(client(stub), Script.toolbox(),
        AgentOptions.defaults().withBudget(Budget.unbounded().withTurns(1)));
    AgentRun stopped = agent.send(ask("go"), AgentCallbacks.NONE);
    assertThat(stopped.stopReason()).isEqualTo(StopReason.TURNS);

    AgentRun resumed = agent.resume(stopped, Budget.unbounded().withTurns(2), AgentCallbacks.NONE,
        CancelSignal.none());

    assertThat(resumed.stopReason()).isEqualTo(StopReason.TURNS);
    assertThat(resumed.spend().turns()).isEqualTo(2);
    assertThat(stub.calls()).isEqualTo(3);
  }

  @Test
  void aCompletedRunResumesToItselfWithoutACall() {
    replies(stub, text("done"));
    Agent agent = new Agent(client(stub), Script.toolbox(), AgentOptions.defaults());
    AgentRun done = agent.send(ask("go"), AgentCallbacks.NONE);

    AgentRun again = agent.resume(done, AgentCallbacks.NONE, CancelSignal.none());

    assertThat(again).isSameAs(done);
    assertThat(stub.calls()).isEqualTo(1);
  }

  @Test
  void aRunReadBackFromItsJsonResumesLikeTheRunItself() {
    replies(stub, calls(add("c1", 1, 1)), text("2"));
    Agent agent = new Agent(client(stub), Script.toolbox(),
        AgentOptions.defaults().withBudget(Budget.unbounded().withTurns(1)));
    AgentRun stopped = agent.send(ask("go"), AgentCallbacks.NONE);

    AgentRun saved = AgentRun.fromJson(stopped.toJson());
    AgentRun resumed = agent.resume(saved, AgentCallbacks.NONE, CancelSignal.none());

    assertThat(saved).isEqualTo(stopped);
    assertThat(resumed.stopReason()).isEqualTo(StopReason.COMPLETED);
    assertThat(resumed.answer()).isEqualTo("2");
  }
}
