package dev.weft.context.fusion;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * {@code z(lexical) + embedWeight * z(cosine)} with {@code z} the standard score over the candidates that have that
 * score: {@code (x - mean) / sd}. Min-max lets the pool's single best and worst set the scale, so one outlier
 * squeezes the rest together; the standard score reads the whole pool's spread. When every present value is
 * equal (a single candidate included) each gets 0: the arm says nothing
 * about their order. A candidate without a score for a part gets that part's lowest standard score among the
 * candidates (it was not found by that arm, so it ranks with the arm's worst).
 */
public final class ZScoreFusion implements Fusion {
  @Override
  public <T> List<FusedCandidate<T>> fuse(List<ScoredCandidate<T>> candidates, double embedWeight) {
    Objects.requireNonNull(candidates, "candidates");
    Fusion.requireWeight(embedWeight);
    Moments lexical = new Moments();
    Moments cosine = new Moments();
    for (ScoredCandidate<T> candidate : candidates) {
      lexical.add(candidate.lexical());
      cosine.add(candidate.cosine());
    }
    List<FusedCandidate<T>> fused = new ArrayList<>(candidates.size());
    for (ScoredCandidate<T> candidate : candidates) {
      double score = lexical.z(candidate.lexical()) + embedWeight * cosine.z(candidate.cosine());
      fused.add(new FusedCandidate<>(candidate.item(), candidate.lexical(), candidate.cosine(), score));
    }
    return fused;
  }

  /** Mean and standard deviation of the present values (Welford's update: stable for close cosines). */
  private static final class Moments {
    private long n;
    private double mean;
    private double squares;
    private double min = Double.POSITIVE_INFINITY;

    void add(Float value) {
      if (value != null) {
        n++;
        double delta = value - mean;
        mean += delta / n;
        squares += delta * (value - mean);
        min = Math.min(min, value);
      }
    }

    double z(Float value) {
      if (n == 0) {
        return 0;
      }
      double sd = Math.sqrt(squares / n);
      double x = value == null ? min : value;
      return sd == 0 ? 0 : (x - mean) / sd;
    }
  }
}
