package dev.weft.agents.loop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.agents.model.ChatClient;
import dev.weft.models.http.Backoff;
import dev.weft.models.http.EndpointConfig;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The options' defaults and the refusals of their withers, each naming the option and the value. */
class AgentOptionsTest {
  @Test
  void theDefaultsAreFiveRoundsEightThousandCharactersNoBudgetAndTheWholeTranscript() {
    AgentOptions options = AgentOptions.defaults();
    assertThat(options.maxToolRounds()).isEqualTo(5);
    assertThat(options.maxToolResultChars()).isEqualTo(8_000);
    assertThat(options.budget()).isEqualTo(Budget.unbounded());
    assertThat(options.systemPrompt()).isEmpty();
    assertThat(options.ledger()).isEmpty();
    assertThat(options.stream()).isFalse();
  }

  @Test
  void eachBoundIsRefusedBelowItsMinimumNamingTheValue() {
    assertThatThrownBy(() -> AgentOptions.defaults().withMaxToolRounds(0))
        .hasMessage("maxToolRounds must be at least 1, got: 0");
    assertThatThrownBy(() -> AgentOptions.defaults().withMaxToolResultChars(-3))
        .hasMessage("maxToolResultChars must be at least 1, got: -3");
    assertThatThrownBy(() -> AgentOptions.defaults().withMaxGoalChars(0))
        .hasMessage("maxGoalChars must be at least 1, got: 0");
    assertThatThrownBy(() -> Budget.unbounded().withTurns(0)).hasMessage("the turns budget must be at least 1, got: 0");
    assertThatThrownBy(() -> Budget.unbounded().withTokens(0))
        .hasMessage("the tokens budget must be at least 1, got: 0");
    assertThatThrownBy(() -> Budget.unbounded().withMs(-1)).hasMessage("the ms budget must be at least 1, got: -1");
  }

  @Test
  void anEmptyHistoryIsRefusedBeforeAnyCall() {
    ChatClient nowhere = new ChatClient(EndpointConfig.of("http://127.0.0.1:9", "m"), name -> null,
        duration -> { }, Backoff.DEFAULT);
    Agent agent = new Agent(nowhere, Script.toolbox(), AgentOptions.defaults());
    assertThatThrownBy(() -> agent.send(List.of(), AgentCallbacks.NONE)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("the history must hold at least one message (the user's), got none");
  }
}
