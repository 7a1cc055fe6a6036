package dev.weft.agents.loop;

import static dev.weft.agents.loop.Script.add;
import static dev.weft.agents.loop.Script.ask;
import static dev.weft.agents.loop.Script.assertPairingLegal;
import static dev.weft.agents.loop.Script.calls;
import static dev.weft.agents.loop.Script.client;
import static dev.weft.agents.loop.Script.replies;
import static dev.weft.agents.loop.Script.text;
import static dev.weft.agents.loop.Script.toolbox;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.weft.agents.loop.AgentStep.ModelCall;
import dev.weft.agents.loop.AgentStep.ToolRun;
import dev.weft.agents.model.ChatMessage;
import dev.weft.agents.model.ChatMessage.Role;
import dev.weft.agents.model.ToolCall;
import dev.weft.agents.model.stub.StubChatServer;
import dev.weft.agents.model.stub.StubReply;
import dev.weft.agents.tool.ToolResult;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The tool loop against the stub server: rounds, pairing, cut results, errors fed back, callbacks, spend. */
// A guard, not a timing assertion: a loop that spins or a call that hangs must fail the test, not the build.
@Timeout(60)
class AgentLoopTest {
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
    return new Agent(client(stub), toolbox(), options);
  }

  @Test
  void aMultiRoundToolConversationAnswersEveryCallWithItsIdInOrder() {
    replies(stub, calls(add("c1", 1, 2), add("c2", 3, 4)), calls(add("c3", 5, 7)), text("3, 7 and 12"));

    AgentRun run = agent(AgentOptions.defaults()).send(ask("add some numbers"), AgentCallbacks.NONE);

    assertThat(run.stopReason()).isEqualTo(StopReason.COMPLETED);
    assertThat(run.answer()).isEqualTo("3, 7 and 12");
    assertThat(run.transcript()).extracting(ChatMessage::role).containsExactly(Role.USER, Role.ASSISTANT,
        Role.TOOL, Role.TOOL, Role.ASSISTANT, Role.TOOL, Role.ASSISTANT);
    assertThat(run.transcript().get(2)).isEqualTo(ChatMessage.tool("c1", "3"));
    assertThat(run.transcript().get(3)).isEqualTo(ChatMessage.tool("c2", "7"));
    assertThat(run.transcript().get(5)).isEqualTo(ChatMessage.tool("c3", "12"));
    assertPairingLegal(run.transcript());
    assertThat(run.steps()).extracting(s -> s.getClass().getSimpleName())
        .containsExactly("ModelCall", "ToolRun", "ToolRun", "ModelCall", "ToolRun", "ModelCall");
    // the model saw the results, answered by id, in the order it asked
    JsonNode second = stub.requests().get(1).body().path("messages");
    assertThat(second.get(2).path("tool_call_id").asText()).isEqualTo("c1");
    assertThat(second.get(3).path("tool_call_id").asText()).isEqualTo("c2");
    assertThat(second.get(3).path("content").asText()).isEqualTo("7");
    assertThat(stub.requests().get(0).body().path("tools")).hasSize(3);
    assertThat(run.spend()).isEqualTo(new Spend(3, 12, 9, 21, 0, run.spend().ms()));
  }

  @Test
  void theHistoryGivenIsNeverChangedAndTheTranscriptStartsWithIt() {
    replies(stub, calls(add("c1", 1, 2)), text("3"));
    List<ChatMessage> history = new ArrayList<>(List.of(ChatMessage.system("be brief"), ChatMessage.user("hi"),
        ChatMessage.assistant("hello"), ChatMessage.user("1 + 2?")));
    List<ChatMessage> before = List.copyOf(history);

    AgentRun run = agent(AgentOptions.defaults().withSystemPrompt("ignored: the history has one"))
        .send(Collections.unmodifiableList(history), AgentCallbacks.NONE);

    assertThat(history).isEqualTo(before);
    assertThat(run.transcript().subList(0, 4)).isEqualTo(before);
    assertThat(run.firstAdded()).isEqualTo(4);
    assertThat(run.added()).extracting(ChatMessage::role).containsExactly(Role.ASSISTANT, Role.TOOL,
        Role.ASSISTANT);
  }

  @Test
  void theSystemPromptGoesFirstWhenTheHistoryHasNone() {
    replies(stub, text("ok"));

    AgentRun run = agent(AgentOptions.defaults().withSystemPrompt("you are terse"))
        .send(ask("hi"), AgentCallbacks.NONE);

    assertThat(run.transcript().get(0)).isEqualTo(ChatMessage.system("you are terse"));
    assertThat(run.firstAdded()).isEqualTo(2);
    assertThat(stub.requests().get(0).systemMessage()).isEqualTo("you are terse");
  }

  @Test
  void aLongToolResultIsCutAndTheCutIsSaidWhileTheStepKeepsItWhole() {
    String big = "x".repeat(20_345);
    replies(stub, calls(new StubReply.ToolCall("c1", "echo", "{\"text\":\"" + big + "\"}")), text("long"));

    AgentRun run = agent(AgentOptions.defaults().withMaxToolResultChars(8_000)).send(ask("echo"),
        AgentCallbacks.NONE);

    String sent = run.transcript().get(2).content();
    assertThat(sent).isEqualTo("x".repeat(8_000) + "… [cut: 8,000 of 20,345 characters shown]");
    ToolRun step = (ToolRun) run.steps().get(1);
    assertThat(step.cut()).isTrue();
    assertThat(step.resultChars()).isEqualTo(20_345);
    assertThat(step.result().asText()).isEqualTo(big);
    assertThat(stub.requests().get(1).body().path("messages").get(2).path("content").asText()).isEqualTo(sent);
  }

  @Test
  void unknownToolsBadArgumentsAndFailingToolsAreAnsweredAsErrorsTheModelReads() {
    replies(stub, calls(new StubReply.ToolCall("c1", "nope", "{}"), new StubReply.ToolCall("c2", "add", "{a:"),
        new StubReply.ToolCall("c3", "fail", "{}")), text("sorry"));

    AgentRun run = agent(AgentOptions.defaults()).send(ask("try"), AgentCallbacks.NONE);

    assertThat(run.stopReason()).isEqualTo(StopReason.COMPLETED);
    assertPairingLegal(run.transcript());
    assertThat(run.steps()).filteredOn(ToolRun.class::isInstance).extracting(s -> ((ToolRun) s).error())
        .containsExactly(true, true, true);
    JsonNode seen = stub.requests().get(1).body().path("messages");
    assertThat(seen.get(2).path("content").asText()).contains("unknown tool 'nope'");
    assertThat(seen.get(3).path("content").asText()).contains("are not JSON");
    assertThat(seen.get(4).path("content").asText()).contains("the disk is on fire");
  }

  @Test
  void callbacksHearDeltasStepsAndEachToolCallBeforeAndAfterInOrder() {
    replies(stub, calls(add("c1", 1, 2), add("c2", 3, 4)), text("the sums are 3 and 7"));
    List<String> heard = Collections.synchronizedList(new ArrayList<>());
    StringBuilder deltas = new StringBuilder();
    AgentCallbacks callbacks = new AgentCallbacks() {
      @Override
      public void onDelta(String text) {
        deltas.append(text);
        heard.add("delta");
      }

      @Override
      public void onToolCall(ToolCall call) {
        heard.add("call " + call.id());
      }

      @Override
      public void onToolResult(ToolCall call, ToolResult result) {
        heard.add("result " + call.id() + "=" + result.value());
      }

      @Override
      public void onStep(AgentStep step) {
        heard.add(step instanceof ModelCall ? "step model" : "step tool");
      }
    };

    AgentRun run = agent(AgentOptions.defaults().withStream(true)).send(ask("add"), callbacks);

    assertThat(run.answer()).isEqualTo("the sums are 3 and 7");
    assertThat(deltas.toString()).isEqualTo(run.answer());
    List<String> collapsed = new ArrayList<>();
    for (String event : heard) {
      if (!(event.equals("delta") && !collapsed.isEmpty() && collapsed.get(collapsed.size() - 1).equals("delta"))) {
        collapsed.add(event);
      }
    }
    assertThat(collapsed).containsExactly("step model", "call c1", "result c1=3", "step tool", "call c2",
        "result c2=7", "step tool", "delta", "step model");
    assertThat(stub.requests()).allSatisfy(request -> assertThat(request.stream()).isTrue());
  }

  @Test
  void spendSaysWhichTokensWereEstimated() {
    replies(stub, calls(add("c1", 1, 2)), text("3").withoutUsage());

    AgentRun run = agent(AgentOptions.defaults()).send(ask("1 + 2?"), AgentCallbacks.NONE);

    assertThat(run.spend().turns()).isEqualTo(2);
    assertThat(run.spend().estimatedCalls()).isEqualTo(1);
    assertThat(run.spend().estimated()).isTrue();
    ModelCall reported = (ModelCall) run.steps().get(0);
    ModelCall estimated = (ModelCall) run.steps().get(2);
    assertThat(reported.usage().estimated()).isFalse();
    assertThat(estimated.usage().estimated()).isTrue();
    assertThat(run.spend().totalTokens()).isEqualTo(7 + estimated.usage().totalTokens());
  }
}
