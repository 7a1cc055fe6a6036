package dev.weft.context.ledger;

import static dev.weft.context.ledger.Fixtures.ev;
import static dev.weft.context.ledger.Fixtures.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.weft.context.error.ExitStatus;
import dev.weft.context.error.WeftException;
import org.junit.jupiter.api.Test;

public class GoalsTest extends LedgerTestCase {
  @Test
  void withoutAGoalComposeGivesAVisibleRefusal() {
    GoalPrompt prompt = ledger.composeGoal();
    assertThat(prompt.active()).isFalse();
    assertThat(prompt.text()).startsWith("No active goal: no goal has been set.");
    assertThatThrownBy(() -> ledger.appendProgress("did it", ev("e")))
        .isInstanceOfSatisfying(WeftException.class, e -> assertThat(e.status()).isEqualTo(ExitStatus.NOTHING_FOUND))
        .hasMessageContaining("no goal has been set");
  }

  @Test
  void composeCarriesTheObjectiveAndEveryProgressEntryWithItsEvidence() {
    ledger.setGoal("ship the ledger");
    ledger.appendProgress("wrote the store contract", ev("commit 832065b"));
    ledger.appendProgress("tests pass", json("['mvn verify', 'CI run 12']"));

    GoalPrompt prompt = ledger.composeGoal();
    assertThat(prompt.active()).isTrue();
    assertThat(prompt.text()).isEqualTo("""
        Current goal (goal:1, set 2026-01-01T00:00:01Z): ship the ledger
        Progress so far:
        - wrote the store contract [evidence: commit 832065b]
        - tests pass [evidence: mvn verify; CI run 12]""");
    JsonNode progress = ledger.goal().orElseThrow().get("progress");
    assertThat(progress.get(0).get("id").asText()).isEqualTo("progress:1");
    assertThat(progress.get(1).get("at").asText()).isEqualTo("2026-01-01T00:00:03Z");
  }

  @Test
  void progressNeedsEvidenceAndAnActiveGoal() {
    ledger.setGoal("ship");
    assertThatThrownBy(() -> ledger.appendProgress("did it", null)).isInstanceOf(ClaimEvidenceException.class);
    ledger.setGoalStatus("paused");
    assertThatThrownBy(() -> ledger.appendProgress("did it", ev("e")))
        .hasMessageContaining("goal:1 is paused: progress goes to an active goal");
    assertThat(ledger.composeGoal().text()).contains("the last goal, goal:1, is paused");
    ledger.setGoalStatus("active");
    assertThat(ledger.appendProgress("did it", ev("e")).id()).isEqualTo("progress:1");
  }

  @Test
  void aCompletedGoalStaysCompletedAndANewGoalClearsTheOpenOne() {
    ledger.setGoal("first");
    ledger.setGoalStatus("completed");
    assertThatThrownBy(() -> ledger.setGoalStatus("active")).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("goal:1 is completed and cannot become active: set a new goal instead");
    assertThatThrownBy(() -> ledger.setGoalStatus("done"))
        .hasMessageContaining("goal status must be one of [active, cleared, completed, paused], got: 'done'");

    ledger.setGoal("second");
    ledger.setGoal("third");
    assertThat(store.get("ledger/goal/0000000001").orElseThrow().get("status").asText()).isEqualTo("completed");
    JsonNode second = store.get("ledger/goal/0000000002").orElseThrow();
    assertThat(second.get("status").asText()).isEqualTo("cleared");
    assertThat(second.get("supersededBy").asText()).isEqualTo("goal:3");
    assertThat(ledger.goal().orElseThrow().get("id").asText()).isEqualTo("goal:3");
  }
}
