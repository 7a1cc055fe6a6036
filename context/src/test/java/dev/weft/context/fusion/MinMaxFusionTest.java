package dev.weft.context.fusion;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;

class MinMaxFusionTest {
  private static final double EPS = 1e-9;
  private static final Fusion MINMAX = new MinMaxFusion();

  private static ScoredCandidate<String> candidate(String item, Float lexical, Float cosine) {
    return new ScoredCandidate<>(item, lexical, cosine);
  }

  private static List<Double> scores(List<FusedCandidate<String>> fused) {
    return fused.stream().map(FusedCandidate::score).toList();
  }

  @Test
  void fusesMinMaxNormalisedScoresByHand() {
    // lexical 10, 6, 2 -> 1, 0.5, 0; cosine 0.2, 0.8 over the two that have one -> 0, 1; the third has none -> 0
    List<ScoredCandidate<String>> pool = List.of(
        candidate("a", 10f, 0.2f), candidate("b", 6f, 0.8f), candidate("c", 2f, null));
    assertThat(scores(MINMAX.fuse(pool, 1.0)))
        .satisfiesExactly(
            a -> assertThat(a).isCloseTo(1.0, within(EPS)),
            b -> assertThat(b).isCloseTo(1.5, within(EPS)),
            c -> assertThat(c).isCloseTo(0.0, within(EPS)));
    assertThat(scores(MINMAX.fuse(pool, 0.25)))
        .satisfiesExactly(
            a -> assertThat(a).isCloseTo(1.0, within(EPS)),
            b -> assertThat(b).isCloseTo(0.75, within(EPS)),
            c -> assertThat(c).isCloseTo(0.0, within(EPS)));
  }

  @Test
  void fusedCandidatesKeepTheRawScoresAndTheInputOrder() {
    List<FusedCandidate<String>> fused = MINMAX.fuse(
        List.of(candidate("a", 3f, -0.5f), candidate("b", 1f, 0.5f)), 2.0);
    assertThat(fused).extracting(FusedCandidate::item).containsExactly("a", "b");
    assertThat(fused.get(0).lexical()).isEqualTo(3f);
    assertThat(fused.get(0).cosine()).isEqualTo(-0.5f);
    // a: 1 + 2 * 0 = 1; b: 0 + 2 * 1 = 2
    assertThat(scores(fused)).containsExactly(1.0, 2.0);
  }

  @Test
  void equalScoresAndAPoolOfOneNormaliseToOne() {
    assertThat(scores(MINMAX.fuse(List.of(candidate("only", 7f, 0.3f)), 1.0))).containsExactly(2.0);
    assertThat(scores(MINMAX.fuse(List.of(candidate("a", 4f, 0.1f), candidate("b", 4f, 0.9f)), 1.0)))
        .containsExactly(1.0, 2.0);
    assertThat(MINMAX.fuse(List.of(), 1.0)).isEmpty();
  }

  @Test
  void aCandidateFoundOnlyByTheVectorSearchHasNoLexicalPart() {
    // 0.1f, 0.2f and 0.9f are not exact binary fractions: compare at float precision
    // the KNN union: c has no BM25 score
    List<ScoredCandidate<String>> union = List.of(
        candidate("a", 5f, 0.1f), candidate("b", 1f, 0.2f), candidate("c", null, 0.9f));
    assertThat(scores(MINMAX.fuse(union, 1.0)))
        .satisfiesExactly(
            a -> assertThat(a).isCloseTo(1.0, within(EPS)),
            b -> assertThat(b).isCloseTo(0.125, within(1e-6)),
            c -> assertThat(c).isCloseTo(1.0, within(EPS)));
  }

  @Test
  void weightZeroKeepsTheLexicalOrder() {
    List<FusedCandidate<String>> ranked = MINMAX.rank(
        List.of(candidate("b", 1f, 0.9f), candidate("a", 5f, 0.1f)), 0.0, Comparator.naturalOrder());
    assertThat(ranked).extracting(FusedCandidate::item).containsExactly("a", "b");
  }

  @Test
  void rankBreaksEqualFusedScoresWithTheCallersOrder() {
    List<FusedCandidate<String>> ranked = MINMAX.rank(
        List.of(candidate("z", 2f, null), candidate("y", 2f, null), candidate("x", 1f, null)), 1.0,
        Comparator.naturalOrder());
    assertThat(ranked).extracting(FusedCandidate::item).containsExactly("y", "z", "x");
  }

  @Test
  void invalidInputIsRefusedWithTheValue() {
    assertThatThrownBy(() -> MINMAX.fuse(List.of(), -1))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("got: -1.0");
    assertThatThrownBy(() -> MINMAX.fuse(List.of(), Double.NaN))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("got: NaN");
    assertThatThrownBy(() -> candidate("a", Float.NaN, null))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("lexical score must be finite");
    assertThatThrownBy(() -> candidate("a", 1f, Float.POSITIVE_INFINITY))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("got: Infinity");
  }
}
