package dev.weft.context.fusion;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/** What every rule promises (the {@link Fusion} contract), over random pools: BM25-like and cosine-like scores. */
class FusionPropertyTest {
  private static final Comparator<Integer> BY_INDEX = Comparator.naturalOrder();

  @Property(tries = 300)
  void aCandidateBestInBothArmsIsNeverBelowAnother(@ForAll("pools") List<ScoredCandidate<Integer>> pool,
      @ForAll("rules") FusionRule rule, @ForAll("weights") double weight) {
    List<ScoredCandidate<Integer>> withBest = new ArrayList<>(pool);
    float topLexical = (float) pool.stream().filter(c -> c.lexical() != null).mapToDouble(ScoredCandidate::lexical)
        .max().orElse(1) + 1;
    float topCosine = (float) Math.min(1, pool.stream().filter(c -> c.cosine() != null)
        .mapToDouble(ScoredCandidate::cosine).max().orElse(0) + 0.01);
    withBest.add(new ScoredCandidate<>(-1, topLexical, topCosine));
    withBest.add(new ScoredCandidate<>(-2, null, null)); // found by neither arm
    List<FusedCandidate<Integer>> fused = rule.fusion().fuse(withBest, weight);
    double best = fused.get(pool.size()).score();
    assertThat(fused).allSatisfy(other -> assertThat(other.score()).isLessThanOrEqualTo(best));
    assertThat(fused.get(pool.size() + 1).score()).isLessThanOrEqualTo(best);
  }

  @Property(tries = 300)
  void raisingOneScoreNeverLowersTheCandidatesRank(@ForAll("pools") List<ScoredCandidate<Integer>> pool,
      @ForAll("rules") FusionRule rule, @ForAll("weights") double weight, @ForAll @IntRange(max = 39) int pick,
      @ForAll boolean lexicalArm, @ForAll @IntRange(min = 1, max = 100) int step) {
    int i = pick % pool.size();
    ScoredCandidate<Integer> before = pool.get(i);
    ScoredCandidate<Integer> after = lexicalArm
        ? new ScoredCandidate<>(i, before.lexical() == null ? null : before.lexical() + step / 10f, before.cosine())
        : new ScoredCandidate<>(i, before.lexical(),
            before.cosine() == null ? null : Math.min(1f, before.cosine() + step / 200f));
    List<ScoredCandidate<Integer>> raised = new ArrayList<>(pool);
    raised.set(i, after);
    assertThat(beaten(rule.fusion().rank(raised, weight, BY_INDEX), i))
        .isLessThanOrEqualTo(beaten(rule.fusion().rank(pool, weight, BY_INDEX), i));
  }

  /** How many candidates rank strictly above candidate {@code i} by fused score. */
  private static long beaten(List<FusedCandidate<Integer>> ranked, int i) {
    double score = ranked.stream().filter(c -> c.item() == i).findFirst().orElseThrow().score();
    return ranked.stream().filter(c -> c.score() > score + 1e-9).count();
  }

  @Provide
  Arbitrary<List<ScoredCandidate<Integer>>> pools() {
    Arbitrary<Float> lexical = Arbitraries.floats().between(0, 40).injectNull(0.3);
    Arbitrary<Float> cosine = Arbitraries.floats().between(-0.2f, 1f).injectNull(0.1);
    return Combinators.combine(lexical, cosine).as((l, c) -> new float[] {l == null ? Float.NaN : l,
        c == null ? Float.NaN : c}).list().ofMinSize(1).ofMaxSize(40).map(FusionPropertyTest::candidates);
  }

  private static List<ScoredCandidate<Integer>> candidates(List<float[]> scores) {
    List<ScoredCandidate<Integer>> pool = new ArrayList<>(scores.size());
    for (int i = 0; i < scores.size(); i++) {
      float l = scores.get(i)[0];
      float c = scores.get(i)[1];
      pool.add(new ScoredCandidate<>(i, Float.isNaN(l) ? null : l, Float.isNaN(c) ? null : c));
    }
    return pool;
  }

  @Provide
  Arbitrary<FusionRule> rules() {
    return Arbitraries.of(FusionRule.class);
  }

  @Provide
  Arbitrary<Double> weights() {
    return Arbitraries.of(0.0, 0.5, 1.0, 3.0, 8.0);
  }
}
