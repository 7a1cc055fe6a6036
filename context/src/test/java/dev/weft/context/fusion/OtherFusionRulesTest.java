package dev.weft.context.fusion;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The z-score and reciprocal-rank rules by hand, and the rules' names. */
class OtherFusionRulesTest {
  private static final double EPS = 1e-6;

  private static List<Double> scores(Fusion fusion, List<ScoredCandidate<String>> pool, double weight) {
    return fusion.fuse(pool, weight).stream().map(FusedCandidate::score).toList();
  }

  @Test
  void zScoreStandardisesEachArmOverTheCandidatesThatHaveIt() {
    // lexical 9, 6, 3: mean 6, sd sqrt(6) -> 1.2247, 0, -1.2247; cosine 0.5, 0.1 over a and b: mean 0.3, sd 0.2
    // -> 1, -1; c has no cosine and gets the arm's lowest, -1
    List<ScoredCandidate<String>> pool = List.of(
        new ScoredCandidate<>("a", 9f, 0.5f), new ScoredCandidate<>("b", 6f, 0.1f), new ScoredCandidate<>("c", 3f, null));
    assertThat(scores(new ZScoreFusion(), pool, 2.0)).satisfiesExactly(
        a -> assertThat(a).isCloseTo(1.224745 + 2, within(EPS)),
        b -> assertThat(b).isCloseTo(0 - 2, within(EPS)),
        c -> assertThat(c).isCloseTo(-1.224745 - 2, within(EPS)));
  }

  @Test
  void zScoreOfAnArmWithoutSpreadIsZero() {
    List<ScoredCandidate<String>> pool = List.of(
        new ScoredCandidate<>("a", 4f, 0.3f), new ScoredCandidate<>("b", 4f, 0.7f));
    // lexical says nothing; cosine: mean 0.5, sd 0.2 -> -1, 1
    assertThat(scores(new ZScoreFusion(), pool, 1.0)).satisfiesExactly(
        a -> assertThat(a).isCloseTo(-1, within(EPS)),
        b -> assertThat(b).isCloseTo(1, within(EPS)));
    assertThat(scores(new ZScoreFusion(), List.of(new ScoredCandidate<>("only", 1f, 0.5f)), 3.0))
        .containsExactly(0.0);
  }

  @Test
  void reciprocalRankReadsOnlyTheOrderOfEachArm() {
    // lexical ranks a 1, b 2 (c none); cosine ranks c 1, b 2, a 3
    List<ScoredCandidate<String>> pool = List.of(
        new ScoredCandidate<>("a", 100f, 0.1f), new ScoredCandidate<>("b", 1f, 0.2f),
        new ScoredCandidate<>("c", null, 0.9f));
    assertThat(scores(new ReciprocalRankFusion(), pool, 2.0)).satisfiesExactly(
        a -> assertThat(a).isCloseTo(1.0 / 61 + 2.0 / 63, within(EPS)),
        b -> assertThat(b).isCloseTo(1.0 / 62 + 2.0 / 62, within(EPS)),
        c -> assertThat(c).isCloseTo(2.0 / 61, within(EPS)));
    // the scale of an arm does not matter, only its order
    List<ScoredCandidate<String>> scaled = List.of(
        new ScoredCandidate<>("a", 2f, 0.1f), new ScoredCandidate<>("b", 1.5f, 0.2f),
        new ScoredCandidate<>("c", null, 0.9f));
    assertThat(scores(new ReciprocalRankFusion(), scaled, 2.0)).isEqualTo(scores(new ReciprocalRankFusion(), pool, 2.0));
  }

  @Test
  void equalScoresShareTheBetterRank() {
    List<ScoredCandidate<String>> pool = List.of(
        new ScoredCandidate<>("a", 5f, null), new ScoredCandidate<>("b", 5f, null), new ScoredCandidate<>("c", 1f, null));
    assertThat(scores(new ReciprocalRankFusion(), pool, 1.0)).satisfiesExactly(
        a -> assertThat(a).isCloseTo(1.0 / 61, within(EPS)),
        b -> assertThat(b).isCloseTo(1.0 / 61, within(EPS)),
        c -> assertThat(c).isCloseTo(1.0 / 63, within(EPS)));
  }

  @Test
  void everyRuleRefusesABadWeightByValue() {
    for (FusionRule rule : FusionRule.values()) {
      assertThatThrownBy(() -> rule.fusion().fuse(List.of(), -1))
          .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("got: -1.0");
    }
  }

  @Test
  void rulesAreNamedByTheirIds() {
    assertThat(FusionRule.parse(" ZScore ")).isEqualTo(FusionRule.ZSCORE);
    assertThat(FusionRule.parse("rrf")).isEqualTo(FusionRule.RRF);
    assertThat(FusionRule.parse("minmax")).isEqualTo(FusionRule.MINMAX);
    assertThatThrownBy(() -> FusionRule.parse("borda"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("fusion must be one of minmax, zscore, rrf, got: borda");
  }
}
