package dev.weft.context.fusion;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * {@code norm(lexical) + embedWeight * norm(cosine)} with {@code norm} min-max over the candidates that have that
 * score: {@code (x - min) / (max - min)}, so the best gets 1 and the worst 0 whatever the scale of BM25 or the
 * spread of cosines. When every present value is equal (a single candidate included) each normalises to 1: they
 * are all the best of the pool, and a constant changes no order among them. A candidate without a score for a
 * part contributes 0 for that part, the same as the pool's worst, and takes no part in that part's min and max.
 */
public final class MinMaxFusion implements Fusion {
  @Override
  public <T> List<FusedCandidate<T>> fuse(List<ScoredCandidate<T>> candidates, double embedWeight) {
    Objects.requireNonNull(candidates, "candidates");
    Fusion.requireWeight(embedWeight);
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

  /** {@code (x - min) / (max - min)}; 1 when max equals min; 0 for a missing value. */
  static double normalize(Float value, double min, double max) {
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
