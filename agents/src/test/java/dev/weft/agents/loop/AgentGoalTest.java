package dev.weft.agents.loop;

import static dev.weft.agents.loop.Script.ask;
import static dev.weft.agents.loop.Script.client;
import static dev.weft.agents.loop.Script.replies;
import static dev.weft.agents.loop.Script.text;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.TextNode;
import dev.weft.agents.model.ChatMessage;
import dev.weft.agents.model.stub.StubChatServer;
import dev.weft.context.ledger.Ledger;
import dev.weft.context.ledger.LedgerOptions;
import dev.weft.context.store.InMemoryStore;
import java.io.IOException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The ledger's active goal: in every request's system message, never in the transcript, never cut. */
// A guard, not a timing assertion.
@Timeout(60)
class AgentGoalTest {
  private StubChatServer stub;
  private Ledger ledger;

  @BeforeEach
  void start() throws IOException {
    stub = new StubChatServer();
    ledger = new Ledger(new InMemoryStore(), LedgerOptions.defaults());
  }

  @AfterEach
  void stop() {
    stub.close();
  }

  @Test
  void theActiveGoalGoesIntoEachRequestsSystemMessageAndNotIntoTheTranscript() {
    ledger.setGoal("find the rate limiter");
    ledger.appendProgress("read the README", TextNode.valueOf("README.md:1-20"));
    replies(stub, Script.calls(Script.add("c1", 1, 2)), text("found it"));
    Agent agent = new Agent(client(stub), Script.toolbox(),
        AgentOptions.defaults().withSystemPrompt("you are terse").withLedger(ledger));

    AgentRun run = agent.send(ask("where is it?"), AgentCallbacks.NONE);

    String goal = ledger.composeGoal().text();
    assertThat(stub.requests()).hasSize(2).allSatisfy(request -> {
      assertThat(request.systemMessage()).isEqualTo("you are terse\n\n" + goal);
      assertThat(request.body().path("messages").get(0).path("role").asText()).isEqualTo("system");
    });
    assertThat(goal).contains("find the rate limiter").contains("read the README");
    assertThat(run.transcript().get(0)).isEqualTo(ChatMessage.system("you are terse"));
    assertThat(run.transcript()).noneSatisfy(m -> assertThat(m.content()).contains("rate limiter"));
  }

  @Test
  void withoutAnActiveGoalTheRequestIsTheTranscript() {
    replies(stub, text("ok"));
    Agent agent = new Agent(client(stub), Script.toolbox(), AgentOptions.defaults().withLedger(ledger));

    agent.send(ask("hi"), AgentCallbacks.NONE);

    assertThat(stub.requests().get(0).body().path("messages")).hasSize(1);
  }

  @Test
  void aGoalLargerThanMaxGoalCharsStopsTheRunBeforeAnyCallAndIsNeverCut() {
    ledger.setGoal("g".repeat(500));
    Agent agent = new Agent(client(stub), Script.toolbox(),
        AgentOptions.defaults().withLedger(ledger).withMaxGoalChars(200));

    AgentRun run = agent.send(ask("go"), AgentCallbacks.NONE);

    assertThat(run.stopReason()).isEqualTo(StopReason.GOAL_TOO_LARGE);
    assertThat(run.stopMessage()).contains("more than the 200 a request may carry (maxGoalChars)")
        .contains("a goal is never cut");
    assertThat(stub.calls()).isZero();
    assertThat(run.transcript()).containsExactly(ChatMessage.user("go"));
  }

  @Test
  void aGoalThatAloneReachesTheTokensBudgetStopsTheRunBeforeAnyCall() {
    ledger.setGoal("g".repeat(400));
    Agent agent = new Agent(client(stub), Script.toolbox(),
        AgentOptions.defaults().withLedger(ledger).withBudget(Budget.unbounded().withTokens(50)));

    AgentRun run = agent.send(ask("go"), AgentCallbacks.NONE);

    assertThat(run.stopReason()).isEqualTo(StopReason.GOAL_TOO_LARGE);
    assertThat(run.stopMessage()).contains("which reaches the tokens budget of 50");
    assertThat(stub.calls()).isZero();
  }
}
