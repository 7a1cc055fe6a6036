package dev.weft.bench.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.bench.eval.TrecRun.Answer;
import dev.weft.bench.eval.TrecRun.Ranked;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TrecRunTest {
  @TempDir Path tmp;

  @Test
  void eachHitIsOneLineOfQidQ0DocidRankScoreTag() {
    String lines = TrecRun.lines(new Answer("q7", List.of(new Ranked("faq/design#1", 12.5), new Ranked("b.md", 3.25))),
        "weft-bm25");
    assertThat(lines).isEqualTo("""
        q7 Q0 faq/design#1 1 12.500000 weft-bm25
        q7 Q0 b.md 2 3.250000 weft-bm25
        """);
  }

  @Test
  void tiesAreWrittenStrictlyDecreasingSoToolsThatSortByScoreKeepWeftsOrder() {
    // trec_eval sorts by score, then docid descending: written as equal, "a" would drop below "b"
    String lines = TrecRun.lines(new Answer("q", List.of(new Ranked("a", 2.0), new Ranked("b", 2.0),
        new Ranked("c", 2.0000001), new Ranked("d", 1.0))), "t");
    assertThat(lines).isEqualTo("""
        q Q0 a 1 2.000000 t
        q Q0 b 2 1.999999 t
        q Q0 c 3 1.999998 t
        q Q0 d 4 1.000000 t
        """);
  }

  @Test
  void whiteSpaceInAFieldOrANonFiniteScoreIsRefusedByName() {
    assertThatThrownBy(() -> TrecRun.lines(new Answer("q", List.of(new Ranked("my file.md", 1))), "t"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("a TREC run's id must be non-empty and hold no white space, got: 'my file.md'");
    assertThatThrownBy(() -> TrecRun.lines(new Answer("q 1", List.of()), "t"))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("query id");
    assertThatThrownBy(() -> TrecRun.lines(new Answer("q", List.of(new Ranked("a", Double.NaN))), "t"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("a run's scores must be finite, got: NaN for a of query q");
  }

  @Test
  void aRunFileHoldsEveryAnswerInOrderAndNoPartialFileIsLeft() throws IOException {
    Path file = tmp.resolve("runs/set.record.bm25.run");
    TrecRun.write(file, List.of(new Answer("q2", List.of(new Ranked("x", 1))), new Answer("q1", List.of())),
        "weft-bm25");
    assertThat(Files.readAllLines(file)).containsExactly("q2 Q0 x 1 1.000000 weft-bm25");
    assertThat(file.resolveSibling("set.record.bm25.run.partial")).doesNotExist();
  }
}
