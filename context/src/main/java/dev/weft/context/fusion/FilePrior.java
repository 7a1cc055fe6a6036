package dev.weft.context.fusion;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * The file-level prior of hybrid chunk recall: each candidate's fused score plus {@code weight} × the best fused
 * score among the candidates of its file, both measured from the lowest fused score among all candidates (so the
 * lift does not depend on where a rule puts its zero: min-max and RRF scores start at 0, z-scores go below it).
 * A file whose chunks match the query as a whole lifts its other chunks; a chunk alone in a weak file does not
 * climb. Within a file the order is unchanged, and each file's best chunk is scaled by {@code 1 + weight} from the
 * floor, so the order of files by their best chunk, the file-level ranking, is unchanged too.
 *
 * <p>Why a prior at all: a method's body rarely says what its class is for, and a query about the class's purpose
 * finds the class's other chunks; docs/quality.md ("The file-level prior") has the measurements and why 0.5.
 * It sums within one file only; spreading recall ({@code dev.weft.context.graph.SpreadingRecall}) sums over the
 * files a file shares an import edge with and never its own, so the two never count the same score twice.
 */
public final class FilePrior {
  /** Chosen before measuring as a half vote for the file, not fitted per set: docs/quality.md. */
  public static final double DEFAULT_WEIGHT = 0.5;

  private FilePrior() {}

  /**
   * @param fused candidates with their fused scores, any order (kept)
   * @param fileOf the file a candidate is a chunk of
   * @param weight at least 0 and finite; 0 returns {@code fused} unchanged
   * @return the same candidates in the same order, each with its lifted score
   */
  public static <T> List<FusedCandidate<T>> apply(List<FusedCandidate<T>> fused, Function<? super T, String> fileOf,
      double weight) {
    Objects.requireNonNull(fused, "fused");
    Objects.requireNonNull(fileOf, "fileOf");
    if (!Double.isFinite(weight) || weight < 0) {
      throw new IllegalArgumentException("file prior weight must be a finite number at least 0, got: " + weight);
    }
    if (weight == 0 || fused.isEmpty()) {
      return fused;
    }
    double floor = Double.POSITIVE_INFINITY;
    Map<String, Double> bestByFile = new HashMap<>();
    for (FusedCandidate<T> candidate : fused) {
      floor = Math.min(floor, candidate.score());
      bestByFile.merge(fileOf.apply(candidate.item()), candidate.score(), Math::max);
    }
    List<FusedCandidate<T>> lifted = new ArrayList<>(fused.size());
    for (FusedCandidate<T> candidate : fused) {
      double best = bestByFile.get(fileOf.apply(candidate.item()));
      lifted.add(new FusedCandidate<>(candidate.item(), candidate.lexical(), candidate.cosine(),
          candidate.score() + weight * (best - floor)));
    }
    return lifted;
  }
}
