package dev.weft.context.store;

import dev.weft.context.embed.EmbedderIdentity;
import java.util.Objects;

/**
 * Nearest values to {@code vector} among the keys under {@code prefix}. Only values whose {@link StoredEmbedding}
 * carries {@code identity} are compared; see {@link RankResult} for the rest.
 */
public record RankQuery(String prefix, float[] vector, EmbedderIdentity identity, int limit) {
  public RankQuery {
    Objects.requireNonNull(prefix, "prefix");
    Objects.requireNonNull(vector, "vector");
    Objects.requireNonNull(identity, "identity");
    if (vector.length != identity.dims()) {
      throw new IllegalArgumentException(
          "query vector has " + vector.length + " dims but its identity " + identity + " says " + identity.dims());
    }
    if (limit < 1) {
      throw new IllegalArgumentException("limit must be at least 1, got: " + limit);
    }
  }
}
