package dev.weft.context.memory;

/**
 * One recalled memory.
 *
 * @param record the record
 * @param score its rank score: BM25 (bm25), cosine (dense) or the fused score (hybrid)
 * @param lexical its raw BM25 score, null when only the nearest-neighbour search found it
 * @param cosine its raw cosine with the query, null in bm25 or when it has no vector
 */
public record MemoryHit(MemoryRecord record, double score, Float lexical, Float cosine) {}
