package dev.weft.jobs.cli.options;

import dev.weft.context.RecallRequest;
import dev.weft.context.fusion.FusionRule;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * The hybrid-recall knobs {@code --pool}, {@code --embed-weight}, {@code --knn} and {@code --fusion}, shared by recall
 * and eval.
 */
public final class HybridOptions {
  @Option(names = "--pool", paramLabel = "N", defaultValue = "" + RecallRequest.DEFAULT_POOL_SIZE,
      description = "Hybrid: BM25-ranked chunks among the candidates (default: ${DEFAULT-VALUE}).")
  public int pool;

  @Option(names = "--embed-weight", paramLabel = "W", defaultValue = "" + RecallRequest.DEFAULT_EMBED_WEIGHT,
      description = "Hybrid: weight of the normalised cosine against normalised BM25 (default: ${DEFAULT-VALUE}).")
  public double embedWeight;

  @Option(names = "--knn", paramLabel = "K", defaultValue = "" + RecallRequest.DEFAULT_KNN_CANDIDATES,
      description = "Hybrid: nearest neighbours by vector that join the BM25 pool; 0 re-ranks the pool alone "
          + "(default: ${DEFAULT-VALUE}).")
  public int knn;

  @Option(names = "--fusion", paramLabel = "RULE", split = ",", defaultValue = FusionRule.DEFAULT_ID,
      description = "Hybrid: how BM25 and cosine are fused: minmax, zscore or rrf (default: "
          + "${DEFAULT-VALUE}). eval takes a comma-separated list and measures one hybrid row per rule.")
  List<String> fusion;

  /** The one rule recall uses. */
  public FusionRule rule() {
    if (fusion.size() != 1) {
      throw new IllegalArgumentException("--fusion takes one rule here (eval takes a list), got: "
          + String.join(",", fusion));
    }
    return FusionRule.parse(fusion.get(0));
  }

  /** Every rule named, for eval. */
  public List<FusionRule> rules() {
    return fusion.stream().map(FusionRule::parse).toList();
  }
}
