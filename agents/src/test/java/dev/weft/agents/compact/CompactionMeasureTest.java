package dev.weft.agents.compact;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The figures of docs/benchmarks.md ("Agent compaction") hold: they are counts, deterministic. */
class CompactionMeasureTest {
  @Test
  void theLedgerBringsBackEveryRoundTheBudgetDropped() {
    CompactionMeasure.Budget budget = CompactionMeasure.budget();
    System.out.println(budget);

    assertThat(budget.requestChars()).isLessThanOrEqualTo(CompactionMeasure.BUDGET);
    assertThat(budget.dropped()).isGreaterThan(0);
    assertThat(budget.valuesInRequest()).isLessThan(CompactionMeasure.ROUNDS);
    assertThat(budget.recalls()).isEqualTo(budget.dropped());
    assertThat(budget.idsWithLedger()).isEqualTo(CompactionMeasure.ROUNDS);
    assertThat(budget.valuesWithLedger()).isEqualTo(CompactionMeasure.ROUNDS);
  }

  @Test
  void theTranscriptSlotKeepsRequestsSmallAndAnswersFromOneGrepAndOneRead() {
    CompactionMeasure.Slot slot = CompactionMeasure.slot();
    System.out.println(slot);

    assertThat(slot.maxRequestChars()).isLessThan(3_000);
    assertThat(slot.probeInBudgetRequest()).isFalse();
    assertThat(slot.probeFound()).isTrue();
  }

  @Test
  void mainPrintsTheFigures() {
    CompactionMeasure.main(new String[0]);
  }
}
