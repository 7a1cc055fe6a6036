package dev.weft.context.fusion;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * A rule that fuses a lexical and a vector ranking of the same candidates into one score each: a pure function
 * over the candidates, shared by hybrid chunk recall (lucene-index) and the memory write path's fact/episode
 * recall, so both rank alike. {@link FusionRule} names the rules a request can choose.
 *
 * <p>Every rule is {@code f(lexical) + embedWeight * g(cosine)} with {@code f} and {@code g} non-decreasing, so
 * raising either score of a candidate never lowers its fused score, and a candidate the best of both arms is
 * never below one that is worse in both. A candidate without a score for an arm (no vector, or outside the
 * lexical pool) gets that arm's lowest contribution among the candidates.
 */
public interface Fusion {
  /** Fused scores, in the order of {@code candidates}. */
  <T> List<FusedCandidate<T>> fuse(List<ScoredCandidate<T>> candidates, double embedWeight);

  /**
   * Fused and sorted: by fused score descending, equal scores by {@code tieBreak} on the items (recency then id
   * for facts, path then line for chunks), so the order is the same on every run.
   */
  default <T> List<FusedCandidate<T>> rank(
      List<ScoredCandidate<T>> candidates, double embedWeight, Comparator<? super T> tieBreak) {
    Objects.requireNonNull(tieBreak, "tieBreak");
    List<FusedCandidate<T>> fused = new ArrayList<>(fuse(candidates, embedWeight));
    fused.sort(Comparator.<FusedCandidate<T>>comparingDouble(FusedCandidate::score).reversed()
        .thenComparing(FusedCandidate::item, tieBreak));
    return fused;
  }

  /** The one check of a weight, wherever one is given. */
  static double requireWeight(double embedWeight) {
    if (!Double.isFinite(embedWeight) || embedWeight < 0) {
      throw new IllegalArgumentException("embedWeight must be a finite number at least 0, got: " + embedWeight);
    }
    return embedWeight;
  }
}
