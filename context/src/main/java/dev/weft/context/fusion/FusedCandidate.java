package dev.weft.context.fusion;

/**
 * A candidate with its fused score: {@code norm(lexical) + embedWeight * norm(cosine)}.
 *
 * @param item what the caller ranks
 * @param lexical the raw BM25 score it came with, or null
 * @param cosine the raw cosine it came with, or null
 * @param score the fused score
 */
public record FusedCandidate<T>(T item, Float lexical, Float cosine, double score) {}
