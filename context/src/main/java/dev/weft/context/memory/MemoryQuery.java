package dev.weft.context.memory;

import dev.weft.context.RecallMode;
import dev.weft.context.RecallRequest;
import java.util.Objects;

/**
 * A recall of one kind of memory in one scope.
 *
 * @param text free text
 * @param kind the one kind ranked (kinds never share a ranking)
 * @param scope null for the memory's own scope
 * @param limit hits, at least 1
 * @param mode bm25 (Porter-stemmed BM25 via the store's search), dense (the store's rank) or hybrid (the BM25 pool
 *     and the nearest neighbours fused as the corpus hybrid does); the latter two need an embedder. Null: the
 *     memory's default ({@link Memory#defaultRecallMode}: hybrid when the memories carry an embedder, else bm25)
 * @param log whether the recall is written to the recall log that feeds the review and promotion candidates
 * @param poolSize hybrid: how many BM25 hits are candidates
 * @param knnCandidates hybrid: how many nearest neighbours join them
 * @param embedWeight hybrid: weight of the normalised cosine against the normalised BM25 score
 */
public record MemoryQuery(String text, MemoryKind kind, MemoryScope scope, int limit, RecallMode mode, boolean log,
    int poolSize, int knnCandidates, double embedWeight) {
  public static final int DEFAULT_LIMIT = 10;

  public MemoryQuery {
    Objects.requireNonNull(text, "text");
    if (text.isBlank()) {
      throw new IllegalArgumentException("recall query must not be blank, got: '" + text + "'");
    }
    Objects.requireNonNull(kind, "kind");
    MemoryReads.requireLimit(limit);
    // the corpus's rules and limits, so one set of defaults and one set of messages
    new RecallRequest(text, null, limit, false, mode, poolSize, embedWeight, knnCandidates);
  }

  /** The memory's default mode, the default limit, logged, with the corpus hybrid's pool, neighbours and weight. */
  public static MemoryQuery of(String text, MemoryKind kind) {
    return new MemoryQuery(text, kind, null, DEFAULT_LIMIT, null, true,
        RecallRequest.DEFAULT_POOL_SIZE, RecallRequest.DEFAULT_KNN_CANDIDATES, RecallRequest.DEFAULT_EMBED_WEIGHT);
  }

  public MemoryQuery withScope(MemoryScope newScope) {
    return new MemoryQuery(text, kind, newScope, limit, mode, log, poolSize, knnCandidates, embedWeight);
  }

  public MemoryQuery withLimit(int newLimit) {
    return new MemoryQuery(text, kind, scope, newLimit, mode, log, poolSize, knnCandidates, embedWeight);
  }

  public MemoryQuery withMode(RecallMode newMode) {
    return new MemoryQuery(text, kind, scope, limit, newMode, log, poolSize, knnCandidates, embedWeight);
  }

  public MemoryQuery withLog(boolean newLog) {
    return new MemoryQuery(text, kind, scope, limit, mode, newLog, poolSize, knnCandidates, embedWeight);
  }
}
