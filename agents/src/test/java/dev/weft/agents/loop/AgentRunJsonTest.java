package dev.weft.agents.loop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.weft.agents.loop.AgentStep.ModelCall;
import dev.weft.agents.loop.AgentStep.ToolRun;
import dev.weft.agents.model.ChatMessage;
import dev.weft.agents.model.ToolCall;
import dev.weft.agents.model.Usage;
import java.util.List;
import org.junit.jupiter.api.Test;

/** AgentRun's JSON form: what a CLI prints with --json, read back for a resume. */
class AgentRunJsonTest {
  private static final ToolCall CALL = new ToolCall("c1", "add", "{\"a\":1,\"b\":2}");

  private static AgentRun run() {
    List<ChatMessage> transcript = List.of(ChatMessage.system("be brief"), ChatMessage.user("1 + 2?"),
        ChatMessage.assistant("", List.of(CALL)), ChatMessage.tool("c1", "3"));
    List<AgentStep> steps = List.of(
        new ModelCall(1, 2, 14, "", List.of(CALL), "tool_calls", Usage.reported(10, 5, 15), 12),
        new ToolRun(1, CALL, JsonNodeFactory.instance.numberNode(3), false, 1, false, 0));
    return new AgentRun(transcript, 1, steps, StopReason.TURNS, "Stopped: the turns budget is spent", "",
        new Spend(1, 10, 5, 15, 0, 20));
  }

  @Test
  void theJsonNamesTheStopReasonSpendTranscriptAndStepsAndReadsBackEqual() {
    ObjectNode json = run().toJson();

    assertThat(json.path("stopReason").asText()).isEqualTo("turns");
    assertThat(json.path("spend").path("totalTokens").asLong()).isEqualTo(15);
    assertThat(json.path("spend").path("estimated").asBoolean()).isFalse();
    assertThat(json.path("transcript").get(2).path("content").isNull()).isTrue();
    assertThat(json.path("transcript").get(2).path("tool_calls").get(0).path("function").path("name").asText())
        .isEqualTo("add");
    assertThat(json.path("transcript").get(3).path("tool_call_id").asText()).isEqualTo("c1");
    assertThat(json.path("steps").get(0).path("kind").asText()).isEqualTo("model");
    assertThat(json.path("steps").get(1).path("kind").asText()).isEqualTo("tool");
    assertThat(json.path("steps").get(1).path("result").asInt()).isEqualTo(3);
    assertThat(AgentRun.fromJson(json)).isEqualTo(run());
  }

  @Test
  void aBrokenRunIsRefusedNamingTheField() {
    ObjectNode json = run().toJson();
    json.put("stopReason", "tired");
    assertThatThrownBy(() -> AgentRun.fromJson(json)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("stop reason must be one of").hasMessageContaining("got: 'tired'");

    ObjectNode badMessage = run().toJson();
    ((ObjectNode) badMessage.path("transcript").get(1)).put("role", "narrator");
    assertThatThrownBy(() -> AgentRun.fromJson(badMessage)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("agent run transcript: message 1: role must be system, user, assistant or tool, got: "
            + "'narrator'");
  }
}
