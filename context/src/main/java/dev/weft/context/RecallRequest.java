package dev.weft.context;

import dev.weft.context.filter.MetaFilter;
import dev.weft.context.filter.MetaFilterParser;
import dev.weft.context.fusion.FusionRule;
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
 * @param fusion hybrid: how the BM25 and cosine scores of the candidates are fused; null means
 *     {@link FusionRule#DEFAULT}
 * @param spread spreading recall: each hit's score plus {@code spread} × the best score among the hits of the files
 *     it shares an import edge with (1 hop, within its kind; docs/graph.md), finite and at least 0; 0 (the default,
 *     chosen with {@code weft eval}: docs/quality.md) leaves the ranking as it is
 * @param where a filter on the items' metadata ({@code --where}, {@link MetaFilterParser}), applied inside the
 *     search so {@code limit} hits that pass it are found; null for none
 */
public record RecallRequest(
    String query, Set<Kind> kinds, int limit, boolean onePerFile, RecallMode mode, int poolSize,
    double embedWeight, int knnCandidates, FusionRule fusion, double spread, MetaFilter where) {
  public static final int DEFAULT_FLAT_LIMIT = 10;
  public static final int DEFAULT_GROUP_LIMIT = 5;
  /** Defaults chosen with `weft eval` on python-faq and the code sets (docs/quality.md): a 200-chunk BM25 pool,
   * joined by the 100 nearest neighbours, lifted hybrid MRR@10 on every set; the neighbours lift Recall@100 past
   * what BM25 alone can find (python-faq 0.68 to 0.95). The cosine weight keeps hybrid within 0.01 MRR@10 of the
   * better of bm25 and dense on every labelled set and level ("Fusion", quality.md): at 3 it lost 0.03 to dense
   * on python-faq and 0.02 on code-python; 5 to 8 all hold, and 6 keeps a margin where dense leads while costing
   * the sets BM25 helps less than 8. bm25 stays the default mode (no model to load). */
  public static final RecallMode DEFAULT_MODE = RecallMode.BM25;
  public static final int DEFAULT_POOL_SIZE = 200;
  public static final double DEFAULT_EMBED_WEIGHT = 6.0;
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
    fusion = fusion == null ? FusionRule.DEFAULT : fusion;
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

  /** A request without a metadata filter. */
  public RecallRequest(String query, Set<Kind> kinds, int limit, boolean onePerFile, RecallMode mode, int poolSize,
      double embedWeight, int knnCandidates, FusionRule fusion, double spread) {
    this(query, kinds, limit, onePerFile, mode, poolSize, embedWeight, knnCandidates, fusion, spread, null);
  }

  /** A request with the default fusion rule, without spreading. */
  public RecallRequest(String query, Set<Kind> kinds, int limit, boolean onePerFile, RecallMode mode, int poolSize,
      double embedWeight, int knnCandidates) {
    this(query, kinds, limit, onePerFile, mode, poolSize, embedWeight, knnCandidates, null, 0);
  }

  /** A request without spreading. */
  public RecallRequest(String query, Set<Kind> kinds, int limit, boolean onePerFile, RecallMode mode, int poolSize,
      double embedWeight, int knnCandidates, FusionRule fusion) {
    this(query, kinds, limit, onePerFile, mode, poolSize, embedWeight, knnCandidates, fusion, 0);
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
    return new RecallRequest(query, kinds, limit, onePerFile, newMode, poolSize, embedWeight, knnCandidates,
        fusion, spread, where);
  }

  public RecallRequest withPoolSize(int newPoolSize) {
    return new RecallRequest(query, kinds, limit, onePerFile, mode, newPoolSize, embedWeight, knnCandidates,
        fusion, spread, where);
  }

  public RecallRequest withEmbedWeight(double newEmbedWeight) {
    return new RecallRequest(query, kinds, limit, onePerFile, mode, poolSize, newEmbedWeight, knnCandidates,
        fusion, spread, where);
  }

  public RecallRequest withKnnCandidates(int newKnnCandidates) {
    return new RecallRequest(query, kinds, limit, onePerFile, mode, poolSize, embedWeight, newKnnCandidates,
        fusion, spread, where);
  }

  public RecallRequest withFusion(FusionRule newFusion) {
    return new RecallRequest(query, kinds, limit, onePerFile, mode, poolSize, embedWeight, knnCandidates, newFusion,
        spread, where);
  }

  public RecallRequest withSpread(double newSpread) {
    return new RecallRequest(query, kinds, limit, onePerFile, mode, poolSize, embedWeight, knnCandidates, fusion,
        newSpread, where);
  }

  /** This request with a metadata filter (null: none). */
  public RecallRequest withWhere(MetaFilter newWhere) {
    return new RecallRequest(query, kinds, limit, onePerFile, mode, poolSize, embedWeight, knnCandidates, fusion,
        spread, newWhere);
  }

  /** This request with the filter {@code where} spells ({@link MetaFilterParser}; null or blank: none). */
  public RecallRequest withWhere(String where) {
    return withWhere(where == null || where.isBlank() ? null : MetaFilterParser.parse(where));
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
