package dev.weft.bench.chaos;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.bench.chaos.GenerationLedger.Kind;
import dev.weft.bench.chaos.GenerationLedger.Writer;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class GenerationLedgerTest {
  private static ChildResult published(long... generations) {
    StringBuilder out = new StringBuilder();
    for (long g : generations) {
      out.append("published generation ").append(g).append(" (in-process, 10 ms)\n");
    }
    return new ChildResult(List.of("index"), 0, false, false, out.toString(), "", 10);
  }

  private static ChildResult serving(long generation) {
    return new ChildResult(List.of("rollback", "" + generation), 0, false, false,
        "serving generation " + generation + " (x, files=1, chunks=1)\n", "", 10);
  }

  private static ChildResult killed(String out) {
    return new ChildResult(List.of("index"), 137, true, false, out, "", 10);
  }

  private static ChildResult exit(int code) {
    return new ChildResult(List.of("rollback", "1"), code, false, false, "", "weft: busy\n", 10);
  }

  private static GenerationLedger ledgerServing(int keep, long... generations) {
    GenerationLedger ledger = new GenerationLedger(keep);
    List<Long> listed = new ArrayList<>();
    for (long g : generations) {
      listed.add(0, g);
      assertThat(ledger.endCycle(List.of(new Writer(1, Kind.PUBLISH, published(g), -1)), listed, g).clean())
          .isTrue();
    }
    return ledger;
  }

  @Test
  void anAcknowledgedGenerationMissingBeforeItCouldBePrunedIsLostOnce() {
    GenerationLedger ledger = ledgerServing(5, 1, 2);

    GenerationLedger.Verdict verdict = ledger.endCycle(List.of(), List.of(2L), 2);
    GenerationLedger.Verdict again = ledger.endCycle(List.of(), List.of(2L), 2);

    assertThat(verdict.lost()).containsExactly(1L);
    assertThat(verdict.reason()).contains("acknowledged generation(s) [1] missing from [2]");
    assertThat(again.lost()).isEmpty();
    assertThat(ledger.lostCount()).isEqualTo(1);
  }

  @Test
  void aGenerationWithKeepNewerOnesKeptWasPrunedNotLost() {
    GenerationLedger ledger = ledgerServing(2, 1, 2);

    GenerationLedger.Verdict verdict =
        ledger.endCycle(List.of(new Writer(1, Kind.PUBLISH, published(3), -1)), List.of(3L, 2L), 3);

    assertThat(verdict.clean()).isTrue();
  }

  @Test
  void aPublishThatExitedZeroDecidesWhatIsServed() {
    GenerationLedger ledger = ledgerServing(5, 1);

    GenerationLedger.Verdict verdict =
        ledger.endCycle(List.of(new Writer(1, Kind.PUBLISH, published(2), -1)), List.of(2L, 1L), 1);

    assertThat(verdict.unexpectedServed()).isTrue();
    assertThat(verdict.reason()).contains("serves generation 1, but the cycle's writers could only leave 2");
  }

  @Test
  void aRollbackRacingAPublishMayLandEitherSide() {
    List<Writer> race = List.of(new Writer(1, Kind.PUBLISH, published(3), -1),
        new Writer(1, Kind.ROLLBACK, serving(1), 1));

    assertThat(ledgerServing(5, 1, 2).endCycle(race, List.of(3L, 2L, 1L), 3).clean()).isTrue();
    assertThat(ledgerServing(5, 1, 2).endCycle(race, List.of(3L, 2L, 1L), 1).clean()).isTrue();
    assertThat(ledgerServing(5, 1, 2).endCycle(race, List.of(3L, 2L, 1L), 2).unexpectedServed()).isTrue();
  }

  @Test
  void laterPhasesComeAfterEarlierOnes() {
    List<Writer> writers = List.of(new Writer(3, Kind.ROLLBACK, serving(1), 1),
        new Writer(1, Kind.PUBLISH, published(3), -1));

    assertThat(ledgerServing(5, 1, 2).endCycle(writers, List.of(3L, 2L, 1L), 1).clean()).isTrue();
    assertThat(ledgerServing(5, 1, 2).endCycle(writers, List.of(3L, 2L, 1L), 3).unexpectedServed()).isTrue();
  }

  @Test
  void aKilledRunMayLeaveTheOldGenerationOrANewUnacknowledgedOne() {
    List<Writer> killed = List.of(new Writer(1, Kind.PUBLISH, killed(""), -1));

    assertThat(ledgerServing(5, 1, 2).endCycle(killed, List.of(2L, 1L), 2).clean()).isTrue();
    assertThat(ledgerServing(5, 1, 2).endCycle(killed, List.of(3L, 2L, 1L), 3).clean()).isTrue();
    // an older generation nobody rolled back to is not something a dying run can leave
    assertThat(ledgerServing(5, 1, 2).endCycle(killed, List.of(2L, 1L), 1).unexpectedServed()).isTrue();
  }

  @Test
  void aKilledRunThatPrintedAPublishMayLeaveThatOne() {
    List<Writer> killed = List.of(new Writer(1, Kind.PUBLISH, killed("published generation 3 (x)\n"), -1));

    assertThat(ledgerServing(5, 1, 2).endCycle(killed, List.of(3L, 2L, 1L), 3).clean()).isTrue();
    // it did not exit 0, so 3 was never acknowledged: pruning it is no loss
    GenerationLedger ledger = ledgerServing(5, 1, 2);
    ledger.endCycle(killed, List.of(3L, 2L, 1L), 3);
    assertThat(ledger.acknowledged()).containsExactlyInAnyOrder(1L, 2L);
  }

  @Test
  void aKilledRollbackMayHaveMovedThePointer() {
    List<Writer> killed = List.of(new Writer(1, Kind.ROLLBACK,
        new ChildResult(List.of("rollback", "1"), 137, true, false, "", "", 5), 1));

    assertThat(ledgerServing(5, 1, 2).endCycle(killed, List.of(2L, 1L), 1).clean()).isTrue();
    assertThat(ledgerServing(5, 1, 2).endCycle(killed, List.of(2L, 1L), 2).clean()).isTrue();
  }

  @Test
  void aRefusedWriterChangesNothing() {
    for (int code : new int[] {1, 2, ChildResult.BUSY}) {
      List<Writer> refused = List.of(new Writer(1, Kind.ROLLBACK, exit(code), 1));
      assertThat(ledgerServing(5, 1, 2).endCycle(refused, List.of(2L, 1L), 1).unexpectedServed()).isTrue();
    }
    // a writer that failed otherwise (an internal error, say) may have done its work before failing
    List<Writer> failed = List.of(new Writer(1, Kind.ROLLBACK, exit(70), 1));
    assertThat(ledgerServing(5, 1, 2).endCycle(failed, List.of(2L, 1L), 1).clean()).isTrue();
  }

  @Test
  void readersMaySeeAnyGenerationTheServedOnePassedThroughButNoOther() {
    List<Writer> writers = List.of(new Writer(1, Kind.PUBLISH, published(3, 4), -1),
        new Writer(2, Kind.ROLLBACK, serving(1), 1));

    GenerationLedger.Verdict verdict = ledgerServing(5, 1, 2).endCycle(writers, List.of(4L, 3L, 2L, 1L), 1,
        List.of(2L, 3L, 4L, 1L, 4L));
    GenerationLedger.Verdict odd = ledgerServing(5, 1, 2, 3).endCycle(List.of(), List.of(3L, 2L, 1L), 3,
        List.of(3L, 1L, 1L, 9L));

    assertThat(verdict.clean()).isTrue();
    assertThat(odd.unexpectedSeen()).containsExactly(1L, 9L);
    assertThat(odd.reason()).contains("readers saw generation(s) [1, 9] served, but the cycle's writers could only "
        + "serve 3");
  }

  @Test
  void keepMustBePositive() {
    assertThatThrownBy(() -> new GenerationLedger(0)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("keep must be at least 1, got: 0");
  }
}
