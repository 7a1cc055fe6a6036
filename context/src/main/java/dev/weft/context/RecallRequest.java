package dev.weft.context;

import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;

/**
 * A kind-scoped recall.
 *
 * @param query free text
 * @param kinds kinds to search; empty means every kind
 * @param limit hits per kind; 0 means the default (10 for a single kind, 5 per group otherwise)
 * @param onePerFile at most one hit per file (the best chunk)
 * @param mode how chunks are ranked; null means {@link #DEFAULT_MODE}
 * @param poolSize hybrid: how many BM25-ranked chunks are candidates, 1 to {@value #MAX_POOL_SIZE}
 * @param embedWeight hybrid: weight of the normalised cosine against the normalised BM25 score, finite and
 *     at least 0 (0 keeps the BM25 order within the pool)
 * @param knnCandidates hybrid: how many nearest neighbours by vector join the BM25 pool as candidates (at
 *     least the hits asked for), 0 to {@value #MAX_POOL_SIZE}; 0 re-ranks the BM25 pool alone
 * @param spread spreading recall: each hit's score plus {@code spread} × the best score among the hits of the files
 *     it shares an import edge with (1 hop, within its kind; docs/graph.md), finite and at least 0; 0 (the default,
 *     chosen with {@code weft eval}: docs/quality.md) leaves the ranking as it is
 */
public record RecallRequest(
    String query, Set<Kind> kinds, int limit, boolean onePerFile, RecallMode mode, int poolSize,
    double embedWeight, int knnCandidates, double spread) {
  public static final int DEFAULT_FLAT_LIMIT = 10;
  public static final int DEFAULT_GROUP_LIMIT = 5;
  /** Defaults chosen with `weft eval` on python-faq and the code sets (docs/quality.md): a 200-chunk BM25 pool,
   * joined by the 100 nearest neighbours, with a cosine weight of 3 lifted hybrid MRR@10 on every set; the
   * neighbours lift Recall@100 past what BM25 alone can find (python-faq 0.68 to 0.95). bm25 stays the default
   * mode (no model to load). */
  public static final RecallMode DEFAULT_MODE = RecallMode.BM25;
  public static final int DEFAULT_POOL_SIZE = 200;
  public static final double DEFAULT_EMBED_WEIGHT = 3.0;
  public static final int DEFAULT_KNN_CANDIDATES = 100;
  /** A pool is read whole (vectors included) for every recall; beyond this it stops being a re-ranking. */
  public static final int MAX_POOL_SIZE = 10_000;

  public RecallRequest {
    Objects.requireNonNull(query, "query");
    kinds = kinds == null || kinds.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(kinds));
    if (limit < 0) {
      throw new IllegalArgumentException("n must be at least 1, got: " + limit);
    }
    mode = mode == null ? DEFAULT_MODE : mode;
    if (poolSize < 1) {
      throw new IllegalArgumentException("pool size must be at least 1, got: " + poolSize);
    }
    if (poolSize > MAX_POOL_SIZE) {
      throw new IllegalArgumentException("pool size must be at most " + MAX_POOL_SIZE + ", got: " + poolSize);
    }
    if (!Double.isFinite(embedWeight) || embedWeight < 0) {
      throw new IllegalArgumentException("embedWeight must be a finite number at least 0, got: " + embedWeight);
    }
    if (knnCandidates < 0 || knnCandidates > MAX_POOL_SIZE) {
      throw new IllegalArgumentException(
          "knn candidates must be between 0 and " + MAX_POOL_SIZE + ", got: " + knnCandidates);
    }
    if (!Double.isFinite(spread) || spread < 0) {
      throw new IllegalArgumentException("spread must be a finite number at least 0, got: " + spread);
    }
  }

  /** A request without spreading. */
  public RecallRequest(String query, Set<Kind> kinds, int limit, boolean onePerFile, RecallMode mode, int poolSize,
      double embedWeight, int knnCandidates) {
    this(query, kinds, limit, onePerFile, mode, poolSize, embedWeight, knnCandidates, 0);
  }

  /** A request with the default mode, pool size and embed weight. */
  public RecallRequest(String query, Set<Kind> kinds, int limit, boolean onePerFile) {
    this(query, kinds, limit, onePerFile, DEFAULT_MODE, DEFAULT_POOL_SIZE, DEFAULT_EMBED_WEIGHT,
        DEFAULT_KNN_CANDIDATES);
  }

  public static RecallRequest of(String query) {
    return new RecallRequest(query, Set.of(), 0, true);
  }

  public RecallRequest withMode(RecallMode newMode) {
    return new RecallRequest(query, kinds, limit, onePerFile, newMode, poolSize, embedWeight, knnCandidates, spread);
  }

  public RecallRequest withPoolSize(int newPoolSize) {
    return new RecallRequest(query, kinds, limit, onePerFile, mode, newPoolSize, embedWeight, knnCandidates, spread);
  }

  public RecallRequest withEmbedWeight(double newEmbedWeight) {
    return new RecallRequest(query, kinds, limit, onePerFile, mode, poolSize, newEmbedWeight, knnCandidates, spread);
  }

  public RecallRequest withKnnCandidates(int newKnnCandidates) {
    return new RecallRequest(query, kinds, limit, onePerFile, mode, poolSize, embedWeight, newKnnCandidates, spread);
  }

  public RecallRequest withSpread(double newSpread) {
    return new RecallRequest(query, kinds, limit, onePerFile, mode, poolSize, embedWeight, knnCandidates, newSpread);
  }

  /** A flat list when exactly one kind is asked for; groups per kind otherwise. */
  public boolean flat() {
    return kinds.size() == 1;
  }

  /** The kinds actually searched, in enum order. */
  public Set<Kind> effectiveKinds() {
    return kinds.isEmpty() ? EnumSet.allOf(Kind.class) : EnumSet.copyOf(kinds);
  }

  public int effectiveLimit() {
    if (limit > 0) {
      return limit;
    }
    return flat() ? DEFAULT_FLAT_LIMIT : DEFAULT_GROUP_LIMIT;
  }
}
