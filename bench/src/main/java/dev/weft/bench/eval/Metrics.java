package dev.weft.bench.eval;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The per-query ranking metrics, as trec_eval (and so BEIR's pytrec_eval) defines them, over a ranking of
 * distinct ids, best first, and the query's relevant ids with grades ≥ 1.
 */
public final class Metrics {
  private Metrics() {}

  /**
   * nDCG@k with linear gain and the log2 discount: {@code DCG = Σ_{i=1..k} grade(rank i) / log2(i + 1)},
   * divided by the DCG of the ideal ranking (the relevant grades sorted descending, cut at k). Linear gain
   * (not {@code 2^grade - 1}) is trec_eval's {@code ndcg_cut}, the figure BEIR tables report.
   */
  public static double ndcg(List<String> ranking, Map<String, Integer> relevant, int k) {
    checkK(k);
    requireRelevant(relevant);
    checkDistinct(ranking);
    double dcg = 0;
    for (int i = 0; i < Math.min(k, ranking.size()); i++) {
      dcg += relevant.getOrDefault(ranking.get(i), 0) / log2(i + 2);
    }
    List<Integer> ideal = relevant.values().stream().sorted((a, b) -> Integer.compare(b, a)).toList();
    double idcg = 0;
    for (int i = 0; i < Math.min(k, ideal.size()); i++) {
      idcg += ideal.get(i) / log2(i + 2);
    }
    return dcg / idcg;
  }

  /** Reciprocal rank of the first relevant id within the top k; 0 when none is there. */
  public static double reciprocalRank(List<String> ranking, Map<String, Integer> relevant, int k) {
    checkK(k);
    requireRelevant(relevant);
    checkDistinct(ranking);
    for (int i = 0; i < Math.min(k, ranking.size()); i++) {
      if (relevant.containsKey(ranking.get(i))) {
        return 1.0 / (i + 1);
      }
    }
    return 0;
  }

  /** The share of the relevant ids found in the top k (grades do not matter). */
  public static double recall(List<String> ranking, Map<String, Integer> relevant, int k) {
    checkK(k);
    requireRelevant(relevant);
    checkDistinct(ranking);
    int found = 0;
    for (int i = 0; i < Math.min(k, ranking.size()); i++) {
      if (relevant.containsKey(ranking.get(i))) {
        found++;
      }
    }
    return (double) found / relevant.size();
  }

  /** The four figures the harness reports for one query. */
  public static QueryScores score(List<String> ranking, Map<String, Integer> relevant) {
    return new QueryScores(ndcg(ranking, relevant, 10), reciprocalRank(ranking, relevant, 10),
        recall(ranking, relevant, 10), recall(ranking, relevant, 100));
  }

  /**
   * One query's figures.
   *
   * @param ndcg10 nDCG@10
   * @param mrr10 reciprocal rank within the top 10 (its mean over queries is MRR@10)
   * @param recall10 Recall@10
   * @param recall100 Recall@100
   */
  public record QueryScores(double ndcg10, double mrr10, double recall10, double recall100) {}

  private static double log2(int x) {
    return Math.log(x) / Math.log(2);
  }

  private static void checkK(int k) {
    if (k < 1) {
      throw new IllegalArgumentException("k must be at least 1, got: " + k);
    }
  }

  /** A query without relevant ids has no defined score; the runner skips and counts it instead. */
  private static void requireRelevant(Map<String, Integer> relevant) {
    if (relevant.isEmpty()) {
      throw new IllegalArgumentException("a query must have at least one relevant id to be scored, got none");
    }
    for (Map.Entry<String, Integer> e : relevant.entrySet()) {
      if (e.getValue() < 1) {
        throw new IllegalArgumentException("relevant grades must be at least 1, got: " + e.getValue()
            + " for " + e.getKey());
      }
    }
  }

  /** A repeated id would count one relevant item twice (recall above 1); rankings are deduplicated first. */
  private static void checkDistinct(List<String> ranking) {
    Set<String> seen = new HashSet<>();
    for (String id : ranking) {
      if (!seen.add(id)) {
        throw new IllegalArgumentException("a ranking must not repeat an id, got twice: " + id);
      }
    }
  }
}
