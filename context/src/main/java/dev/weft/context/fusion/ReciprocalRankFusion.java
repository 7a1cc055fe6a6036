package dev.weft.context.fusion;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * Reciprocal rank fusion (Cormack, Clarke and Büttcher, SIGIR 2009): {@code 1 / (k + lexicalRank) + embedWeight / (k
 * + cosineRank)}, ranks from 1 among the candidates that have that score, {@code k} = {@value #K} as in the paper.
 * Only the order within each arm counts, never the scores' scale. Equal scores share the better rank. A candidate
 * without a score for a part gets nothing for it, the usual rule for a document a ranking did not return.
 */
public final class ReciprocalRankFusion implements Fusion {
  /** The paper's constant: damps the difference between the first few ranks. */
  public static final int K = 60;

  @Override
  public <T> List<FusedCandidate<T>> fuse(List<ScoredCandidate<T>> candidates, double embedWeight) {
    Objects.requireNonNull(candidates, "candidates");
    Fusion.requireWeight(embedWeight);
    int[] lexical = ranks(candidates, ScoredCandidate::lexical);
    int[] cosine = ranks(candidates, ScoredCandidate::cosine);
    List<FusedCandidate<T>> fused = new ArrayList<>(candidates.size());
    for (int i = 0; i < candidates.size(); i++) {
      ScoredCandidate<T> candidate = candidates.get(i);
      double score = reciprocal(lexical[i]) + embedWeight * reciprocal(cosine[i]);
      fused.add(new FusedCandidate<>(candidate.item(), candidate.lexical(), candidate.cosine(), score));
    }
    return fused;
  }

  private static double reciprocal(int rank) {
    return rank == 0 ? 0 : 1.0 / (K + rank);
  }

  /** Each candidate's 1-based rank by that score, descending, ties sharing the better rank; 0 when it has none. */
  private static <T> int[] ranks(List<ScoredCandidate<T>> candidates, Function<ScoredCandidate<T>, Float> score) {
    List<Integer> present = new ArrayList<>();
    for (int i = 0; i < candidates.size(); i++) {
      if (score.apply(candidates.get(i)) != null) {
        present.add(i);
      }
    }
    present.sort(Comparator.comparing((Integer i) -> score.apply(candidates.get(i))).reversed());
    int[] ranks = new int[candidates.size()];
    for (int r = 0; r < present.size(); r++) {
      int i = present.get(r);
      boolean tie = r > 0 && score.apply(candidates.get(present.get(r - 1))).equals(score.apply(candidates.get(i)));
      ranks[i] = tie ? ranks[present.get(r - 1)] : r + 1;
    }
    return ranks;
  }
}
