package dev.weft.agents.compact;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.weft.agents.model.ChatMessage;
import dev.weft.agents.model.ToolCall;
import dev.weft.agents.tool.ToolResult;
import dev.weft.agents.tool.Toolbox;
import dev.weft.context.env.Environment;
import dev.weft.context.env.SlotEnvironment;
import dev.weft.context.store.InMemoryStore;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The transcript as a slot: every message appended once, a window of rounds, bounded tools. */
class TranscriptWindowTest {
  private final Environment env = new SlotEnvironment(new InMemoryStore());

  @Test
  void everyMessageIsAppendedOnceAsOneTurn() {
    TranscriptWindow policy = TranscriptWindow.forRun(env, "run-1", 2);

    policy.fit(Gathering.transcript(3));
    policy.fit(Gathering.transcript(3));
    policy.fit(Gathering.transcript(5));

    assertThat(env.stat("agent/run-1/transcript#turn").pieces()).isEqualTo(12);
    assertThat(env.peek("agent/run-1/transcript#turn/3").head()).isEqualTo("assistant: call lookup {\"id\":\"R-001\"} "
        + "[call_1]");
    assertThat(env.peek("agent/run-1/transcript#turn/4").head()).startsWith("tool: [call_1] ");
  }

  @Test
  void aResumedPolicyAppendsAfterTheTurnsTheSlotHoldsAndRefusesAnotherConversation() {
    TranscriptWindow.forRun(env, "run-1", 2).fit(Gathering.transcript(4));

    TranscriptWindow.forRun(env, "run-1", 2).fit(Gathering.transcript(6));

    assertThat(env.stat("agent/run-1/transcript#turn").pieces()).isEqualTo(14);
    assertThatThrownBy(() -> TranscriptWindow.forRun(env, "run-1", 2).fit(Gathering.transcript(1)))
        .hasMessageContaining("holds 14 turns but the conversation has 4 messages");
  }

  @Test
  void theRequestCarriesThePinsThePointerAndTheLastRoundsWhateverTheLength() {
    TranscriptWindow policy = TranscriptWindow.forRun(env, "run-1", 3);
    long first = Rounds.chars(policy.fit(Gathering.transcript(10)));

    List<ChatMessage> request = policy.fit(Gathering.transcript(40));

    assertThat(Rounds.chars(request)).isBetween(first - 10, first + 10);
    assertThat(request).hasSize(2 + 1 + 6);
    assertThat(request.get(2).content()).contains("last 3 of 40 rounds", "'agent/run-1/transcript'");
    assertThat(request.subList(3, 9)).isEqualTo(Gathering.transcript(40).subList(76, 82));
    assertThat(TranscriptWindow.forRun(env, "short", 3).fit(Gathering.transcript(2)))
        .isEqualTo(Gathering.transcript(2));
  }

  @Test
  void theToolsAreBoundedAndSkipNamesTheToolboxAlreadyHas() {
    TranscriptWindow policy = TranscriptWindow.forRun(env, "run-1", 3);
    Toolbox toolbox = new Toolbox();
    toolbox.add(EnvTools.PEEK, "the host's own", JsonNodeFactory.instance.objectNode(), input -> input);
    policy.addTools(toolbox);
    policy.fit(Gathering.transcript(10));

    assertThat(toolbox.definitions()).extracting(d -> d.name())
        .containsExactly(EnvTools.PEEK, EnvTools.GREP, EnvTools.READ);
    ToolResult tooMuch = toolbox.call(new ToolCall("r", EnvTools.READ,
        "{\"name\":\"agent/run-1/transcript\",\"offset\":0,\"chars\":5000}"));
    assertThat(tooMuch.error()).isTrue();
    assertThat(tooMuch.value().path("error").asText()).contains("at /chars (rule 'maximum')");
    ToolResult grep = toolbox.call(new ToolCall("g", EnvTools.GREP, "{\"pattern\":\"value V7-\"}"));
    assertThat(grep.value().path("hits")).hasSize(1);
    assertThat(grep.value().path("hits").path(0).path("slot").asText()).isEqualTo("agent/run-1/transcript");
  }

  @Test
  void aWindowBelowOneIsRefused() {
    assertThatThrownBy(() -> TranscriptWindow.forRun(env, "r", 0))
        .hasMessage("transcript window must be at least 1 round, got: 0");
  }
}
