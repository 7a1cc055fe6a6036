package dev.weft.context;

import dev.weft.context.embed.EmbedderIdentity;
import java.util.Objects;

/**
 * The query embedded by the caller, with the identity of the embedder that made it, so the index
 * can refuse to compare it with vectors of another model. The array is not copied: do not change it.
 *
 * @param identity the embedder that made the vector
 * @param vector {@code identity.dims()} finite floats, not all zero (cosine is undefined for a zero vector)
 */
public record QueryVector(EmbedderIdentity identity, float[] vector) {
  public QueryVector {
    Objects.requireNonNull(identity, "identity");
    Objects.requireNonNull(vector, "vector");
    ChunkVectors.check(identity, vector, "query vector");
  }
}
