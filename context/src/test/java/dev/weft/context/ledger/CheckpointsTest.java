package dev.weft.context.ledger;

import static dev.weft.context.ledger.Fixtures.ev;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.weft.context.ledger.CheckpointItem.Source;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

class CheckpointsTest {
  private static Ledger ledger(TestStore store, GoalReducer reducer) {
    LedgerOptions options = LedgerOptions.defaults().withClock(new TickingClock());
    return new Ledger(store, reducer == null ? options : options.withReducer(reducer));
  }

  private static void fill(Ledger ledger) {
    ledger.setGoal("ship");
    ledger.appendProgress("ran tests", ev("log-1"));
    ledger.appendProgress("ran tests", ev("log-1"));
    ledger.appendProgress("fixed lint", ev("log-2"));
  }

  @Test
  void crossingMaxEntriesFoldsProgressIntoALosslessCheckpoint() {
    TestStore store = new TestStore();
    Ledger ledger = ledger(store, null);
    ledger.goalLimits(Map.of("maxEntries", 3L));
    fill(ledger);
    ProgressResult result = ledger.appendProgress("fixed lint", ev("log-2"));

    assertThat(result.checkpoint()).contains("deterministic");
    JsonNode goal = ledger.goal().orElseThrow();
    assertThat(goal.get("progress")).isEmpty();
    assertThat(LedgerJson.text(goal.get("checkpoint").get("items"))).isEqualTo(
        "[{\"note\":\"ran tests\",\"evidence\":\"log-1\",\"sources\":[{\"id\":\"progress:1\","
            + "\"at\":\"2026-01-01T00:00:02Z\"},{\"id\":\"progress:2\",\"at\":\"2026-01-01T00:00:03Z\"}]},"
            + "{\"note\":\"fixed lint\",\"evidence\":\"log-2\",\"sources\":[{\"id\":\"progress:3\","
            + "\"at\":\"2026-01-01T00:00:04Z\"},{\"id\":\"progress:4\",\"at\":\"2026-01-01T00:00:05Z\"}]}]");
    // the next fold takes the checkpoint along: still every source, once
    ledger.appendProgress("released", ev("tag v1"));
    ledger.checkpointGoal();
    assertThat(Checkpoints.inputOf(ledger.goal().orElseThrow()).stream().mapToInt(i -> i.sources().size()).sum())
        .isEqualTo(5);
  }

  @Test
  void maxCharsAndMaxBytesFoldToo() {
    for (Map<String, Long> limits : List.of(Map.of("maxChars", 20L), Map.of("maxBytes", 300L))) {
      Ledger ledger = ledger(new TestStore(), null);
      ledger.goalLimits(limits);
      ledger.setGoal("ship");
      ledger.appendProgress("short", ev("e"));
      assertThat(ledger.appendProgress("a much longer note than before", ev("evidence")).checkpoint())
          .as("%s", limits).contains("deterministic");
    }
  }

  @Test
  void unknownAndNegativeLimitsAreRefusedByName() {
    Ledger ledger = ledger(new TestStore(), null);
    assertThatThrownBy(() -> ledger.goalLimits(Map.of("maxEntry", 3L)))
        .hasMessage("unknown goal limit 'maxEntry'; known: [maxEntries, maxChars, maxBytes]");
    assertThatThrownBy(() -> ledger.goalLimits(Map.of("maxBytes", -1L)))
        .hasMessage("goal limit maxBytes must be at least 0, got: -1");
    assertThatThrownBy(() -> ledger.archiveLimits(Map.of("maxitems", 3L)))
        .hasMessage("unknown archive limit 'maxitems'; known: [maxItems, maxBytes]");
  }

  @Test
  void aReducerThatMergesAndRewordsButKeepsEvidenceIsAccepted() {
    GoalReducer honest = items -> List.of(
        new CheckpointItem("tests green", ev("log-1"), concat(items.get(0), items.get(1))),
        new CheckpointItem("lint fixed", ev("log-2"), items.get(2).sources()));
    TestStore store = new TestStore();
    Ledger ledger = ledger(store, honest);
    fill(ledger);

    JsonNode goal = ledger.checkpointGoal();
    assertThat(goal.get("checkpoint").get("by").asText()).isEqualTo("reducer");
    assertThat(goal.get("checkpoint").get("items").get(0).get("note").asText()).isEqualTo("tests green");
  }

  @Test
  void lyingReducersAreRejectedByRuleAndTheRawEntriesStay() {
    Map<String, UnaryOperator<List<CheckpointItem>>> lies = Map.of(
        "invents one", items -> append(items, new CheckpointItem("deployed", ev("log-9"),
            List.of(new Source("progress:99", "2026-01-01T00:00:00Z")))),
        "drops evidence", items -> items.subList(0, 2),
        "duplicates evidence", items -> append(items, items.get(0)),
        "changes the evidence of progress:3", items -> List.of(items.get(0), items.get(1),
            new CheckpointItem("fixed lint", ev("log-3"), items.get(2).sources())),
        "names no source", items -> append(items, new CheckpointItem("extra", ev("log-1"), List.of())),
        "has timestamp", items -> List.of(items.get(0), items.get(1), new CheckpointItem("fixed lint", ev("log-2"),
            List.of(new Source("progress:3", "2020-01-01T00:00:00Z")))));
    lies.forEach((rule, lie) -> {
      TestStore store = new TestStore();
      Ledger ledger = ledger(store, lie::apply);
      fill(ledger);
      JsonNode before = ledger.goal().orElseThrow();

      assertThatThrownBy(ledger::checkpointGoal).as(rule).hasMessageContaining("checkpoint rejected")
          .hasMessageContaining(rule);
      assertThat(ledger.goal().orElseThrow()).isEqualTo(before);
    });
  }

  @Test
  void aLyingReducerOnAnAppendFallsBackToTheDeterministicFoldAndSaysWhy() {
    TestStore store = new TestStore();
    Ledger ledger = ledger(store, items -> items.subList(0, 1));
    ledger.goalLimits(Map.of("maxEntries", 2L));
    ledger.setGoal("ship");
    ledger.appendProgress("a", ev("e1"));
    ledger.appendProgress("b", ev("e2"));
    ProgressResult result = ledger.appendProgress("c", ev("e3"));

    assertThat(result.checkpoint()).contains("deterministic");
    assertThat(result.reducerRejected().orElseThrow()).contains("drops evidence \"e2\"");
    assertThat(ledger.goal().orElseThrow().get("checkpoint").get("items")).hasSize(3);
  }

  @Test
  void theDeterministicFoldIsValidatedOnItsOwnRules() {
    List<CheckpointItem> input = List.of(
        new CheckpointItem("a", ev("e"), List.of(new Source("progress:1", "t1"))),
        new CheckpointItem("a", ev("e"), List.of(new Source("progress:2", "t2"))));
    List<CheckpointItem> folded = Checkpoints.deterministic(input);
    assertThat(folded).hasSize(1);
    Checkpoints.validate(input, folded, true);
    List<CheckpointItem> reworded = List.of(new CheckpointItem("b", ev("e"), folded.get(0).sources()));
    assertThatThrownBy(() -> Checkpoints.validate(input, reworded, true))
        .hasMessageContaining("changes the note of progress:1");
  }

  private static List<Source> concat(CheckpointItem a, CheckpointItem b) {
    List<Source> all = new ArrayList<>(a.sources());
    all.addAll(b.sources());
    return all;
  }

  private static List<CheckpointItem> append(List<CheckpointItem> items, CheckpointItem extra) {
    List<CheckpointItem> all = new ArrayList<>(items);
    all.add(extra);
    return all;
  }
}
