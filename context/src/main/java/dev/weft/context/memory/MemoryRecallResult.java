package dev.weft.context.memory;

import dev.weft.context.RecallMode;
import java.util.List;

/**
 * The answer of {@link Memory#recall}.
 *
 * @param hits best first; equal scores by recency (occurredAt, newest first) then id
 * @param mode how they were ranked
 * @param skipped dense and hybrid: records of the kind that have no vector, so the nearest-neighbour search could
 *     not see them (BM25 still can, in hybrid)
 */
public record MemoryRecallResult(List<MemoryHit> hits, RecallMode mode, int skipped) {
  public MemoryRecallResult {
    hits = List.copyOf(hits);
  }
}
