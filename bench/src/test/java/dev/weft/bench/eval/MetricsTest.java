package dev.weft.bench.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

/**
 * Each metric against a hand-computed example. The common case: ranking d1, d2, d3, d4; relevant d2 (grade 2),
 * d4 (grade 1) and d9 (grade 1, never retrieved).
 */
class MetricsTest {
  private static final Offset<Double> EXACT = within(1e-12);
  private static final List<String> RANKING = List.of("d1", "d2", "d3", "d4");
  private static final Map<String, Integer> RELEVANT = Map.of("d2", 2, "d4", 1, "d9", 1);

  @Test
  void ndcgUsesLinearGainAndTheLog2Discount() {
    // DCG@10  = 0/log2(2) + 2/log2(3) + 0/log2(4) + 1/log2(5) = 1.2618595071 + 0.4306765581 = 1.6925360652
    // IDCG@10 = 2/log2(2) + 1/log2(3) + 1/log2(4)             = 2 + 0.6309297536 + 0.5     = 3.1309297536
    // nDCG@10 = 1.6925360652 / 3.1309297536 = 0.5405857679
    assertThat(Metrics.ndcg(RANKING, RELEVANT, 10)).isCloseTo(0.5405857679450102, EXACT);
    // the cut applies to both sides: DCG@2 = 2/log2(3) = 1.2618595071; IDCG@2 = 2 + 1/log2(3) = 2.6309297536
    // nDCG@2 = 0.4796249331
    assertThat(Metrics.ndcg(RANKING, RELEVANT, 2)).isCloseTo(0.4796249331362629, EXACT);
    // nothing relevant in the top 1: 0
    assertThat(Metrics.ndcg(RANKING, RELEVANT, 1)).isZero();
    // the ideal order scores exactly 1
    assertThat(Metrics.ndcg(List.of("d2", "d9", "d4"), RELEVANT, 10)).isCloseTo(1.0, EXACT);
  }

  @Test
  void reciprocalRankIsOneOverTheFirstRelevantRankWithinK() {
    // first relevant (d2) at rank 2 → 1/2
    assertThat(Metrics.reciprocalRank(RANKING, RELEVANT, 10)).isEqualTo(0.5);
    // beyond the cut it counts nothing
    assertThat(Metrics.reciprocalRank(RANKING, RELEVANT, 1)).isZero();
    assertThat(Metrics.reciprocalRank(List.of(), RELEVANT, 10)).isZero();
  }

  @Test
  void recallIsTheShareOfRelevantIdsFoundWithinK() {
    // d2 and d4 found of d2, d4, d9 → 2/3; at k = 2 only d2 → 1/3
    assertThat(Metrics.recall(RANKING, RELEVANT, 10)).isCloseTo(2.0 / 3, EXACT);
    assertThat(Metrics.recall(RANKING, RELEVANT, 2)).isCloseTo(1.0 / 3, EXACT);
    assertThat(Metrics.recall(RANKING, RELEVANT, 100)).isCloseTo(2.0 / 3, EXACT);
  }

  @Test
  void scoreCutsAtTenAndAtOneHundred() {
    // the only relevant id at rank 11: outside every @10 figure, inside Recall@100
    List<String> ranking = new ArrayList<>();
    for (int i = 1; i <= 10; i++) {
      ranking.add("n" + i);
    }
    ranking.add("hit");
    Metrics.QueryScores scores = Metrics.score(ranking, Map.of("hit", 3));
    assertThat(scores).isEqualTo(new Metrics.QueryScores(0, 0, 0, 1));
  }

  @Test
  void badArgumentsNameTheRuleAndTheValue() {
    assertThatThrownBy(() -> Metrics.ndcg(RANKING, RELEVANT, 0))
        .hasMessage("k must be at least 1, got: 0");
    assertThatThrownBy(() -> Metrics.recall(RANKING, Map.of(), 10))
        .hasMessage("a query must have at least one relevant id to be scored, got none");
    assertThatThrownBy(() -> Metrics.reciprocalRank(RANKING, Map.of("d1", 0), 10))
        .hasMessage("relevant grades must be at least 1, got: 0 for d1");
    assertThatThrownBy(() -> Metrics.recall(List.of("d2", "d2"), RELEVANT, 10))
        .hasMessage("a ranking must not repeat an id, got twice: d2");
  }
}
