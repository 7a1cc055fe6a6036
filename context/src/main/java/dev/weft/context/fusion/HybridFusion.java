package dev.weft.context.fusion;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * Fuses a lexical and a vector ranking: {@code norm(lexical) + embedWeight * norm(cosine)}. A pure
 * function over the candidates, shared by hybrid chunk recall and the KNN union of facts and episodes.
 *
 * <p>{@code norm} is min-max over the candidates that have that score: {@code (x - min) / (max - min)},
 * so the best gets 1 and the worst 0 whatever the scale of BM25 or the spread of cosines. When every
 * present value is equal (a single candidate included) each normalises to 1: they are all the best of
 * the pool, and a constant changes no order among them. A candidate without a score for a part (no
 * vector, or found by the vector search only) contributes 0 for that part, the same as the pool's worst,
 * and takes no part in that part's min and max.
 */
public final class HybridFusion {
  private HybridFusion() {}

  /** Fused scores, in the order of {@code candidates}. */
  public static <T> List<FusedCandidate<T>> fuse(List<ScoredCandidate<T>> candidates, double embedWeight) {
    Objects.requireNonNull(candidates, "candidates");
    if (!Double.isFinite(embedWeight) || embedWeight < 0) {
      throw new IllegalArgumentException("embedWeight must be a finite number at least 0, got: " + embedWeight);
    }
    Range lexical = new Range();
    Range cosine = new Range();
    for (ScoredCandidate<T> candidate : candidates) {
      lexical.add(candidate.lexical());
      cosine.add(candidate.cosine());
    }
    List<FusedCandidate<T>> fused = new ArrayList<>(candidates.size());
    for (ScoredCandidate<T> candidate : candidates) {
      double score = lexical.norm(candidate.lexical()) + embedWeight * cosine.norm(candidate.cosine());
      fused.add(new FusedCandidate<>(candidate.item(), candidate.lexical(), candidate.cosine(), score));
    }
    return fused;
  }

  /**
   * Fused and sorted: by fused score descending, equal scores by {@code tieBreak} on the items (recency
   * then id for facts, path then line for chunks), so the order is the same on every run.
   */
  public static <T> List<FusedCandidate<T>> rank(
      List<ScoredCandidate<T>> candidates, double embedWeight, Comparator<? super T> tieBreak) {
    Objects.requireNonNull(tieBreak, "tieBreak");
    List<FusedCandidate<T>> fused = new ArrayList<>(fuse(candidates, embedWeight));
    fused.sort(Comparator.<FusedCandidate<T>>comparingDouble(FusedCandidate::score).reversed()
        .thenComparing(FusedCandidate::item, tieBreak));
    return fused;
  }

  /** {@code (x - min) / (max - min)}; 1 when max equals min; 0 for a missing value. */
  public static double normalize(Float value, double min, double max) {
    if (value == null) {
      return 0;
    }
    return max == min ? 1 : (value - min) / (max - min);
  }

  private static final class Range {
    private double min = Double.POSITIVE_INFINITY;
    private double max = Double.NEGATIVE_INFINITY;

    void add(Float value) {
      if (value != null) {
        min = Math.min(min, value);
        max = Math.max(max, value);
      }
    }

    double norm(Float value) {
      return normalize(value, min, max);
    }
  }
}
