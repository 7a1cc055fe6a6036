package dev.weft.jobs;

import dev.weft.context.RecallRequest;
import picocli.CommandLine.Option;

/** The hybrid-recall knobs {@code --pool}, {@code --embed-weight} and {@code --knn}, shared by recall and eval. */
final class HybridOptions {
  @Option(names = "--pool", paramLabel = "N", defaultValue = "" + RecallRequest.DEFAULT_POOL_SIZE,
      description = "Hybrid: BM25-ranked chunks among the candidates (default: ${DEFAULT-VALUE}).")
  int pool;

  @Option(names = "--embed-weight", paramLabel = "W", defaultValue = "" + RecallRequest.DEFAULT_EMBED_WEIGHT,
      description = "Hybrid: weight of the normalised cosine against normalised BM25 (default: ${DEFAULT-VALUE}).")
  double embedWeight;

  @Option(names = "--knn", paramLabel = "K", defaultValue = "" + RecallRequest.DEFAULT_KNN_CANDIDATES,
      description = "Hybrid: nearest neighbours by vector that join the BM25 pool; 0 re-ranks the pool alone "
          + "(default: ${DEFAULT-VALUE}).")
  int knn;
}
