package dev.weft.context.fusion;

/**
 * A candidate for {@link Fusion}: what it scored in each ranking it was found by.
 *
 * @param item what the caller ranks (a document id, a chunk, a fact)
 * @param lexical its BM25 score, or null when only the vector search found it
 * @param cosine its raw cosine with the query vector, or null when it has no vector
 */
public record ScoredCandidate<T>(T item, Float lexical, Float cosine) {
  public ScoredCandidate {
    if (lexical != null && !Float.isFinite(lexical)) {
      throw new IllegalArgumentException("lexical score must be finite, got: " + lexical);
    }
    if (cosine != null && !Float.isFinite(cosine)) {
      throw new IllegalArgumentException("cosine must be finite, got: " + cosine);
    }
  }
}
