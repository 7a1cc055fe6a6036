package dev.weft.context;

import dev.weft.context.embed.EmbedderIdentity;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The vectors of a file's chunks, parallel to the chunk list, all made by one embedder. A null entry
 * means that chunk has no vector yet (its batch failed, say): it is indexed without one and
 * {@code weft embed-missing} fills it in later. The arrays are not copied: do not change them.
 *
 * @param identity the embedder that made every vector; null only for {@link #none()}
 * @param vectors one entry per chunk, in chunk order, or empty for {@link #none()}
 */
public record ChunkVectors(EmbedderIdentity identity, List<float[]> vectors) implements Serializable {
  private static final ChunkVectors NONE = new ChunkVectors(null, List.of());

  public ChunkVectors {
    if (vectors == null) {
      throw new NullPointerException("vectors");
    }
    // List.copyOf refuses null entries, and a null entry is a meaningful "no vector yet"
    vectors = Collections.unmodifiableList(new ArrayList<>(vectors));
    if (identity == null && !vectors.isEmpty()) {
      throw new IllegalArgumentException("vectors need the identity of the embedder that made them, got: "
          + vectors.size() + " vectors and no identity (use ChunkVectors.none() for no embedding)");
    }
    for (int i = 0; i < vectors.size(); i++) {
      if (vectors.get(i) != null) {
        check(identity, vectors.get(i), "vector " + i);
      }
    }
  }

  /** No embedding at all: every chunk is indexed without a vector. */
  public static ChunkVectors none() {
    return NONE;
  }

  public static ChunkVectors of(EmbedderIdentity identity, List<float[]> vectors) {
    return new ChunkVectors(identity, vectors);
  }

  public boolean isNone() {
    return identity == null;
  }

  /** The vector of chunk {@code i}, or null when it has none (always null for {@link #none()}). */
  public float[] vector(int i) {
    return vectors.isEmpty() ? null : vectors.get(i);
  }

  /** Chunks that have a vector. */
  public int present() {
    int present = 0;
    for (float[] vector : vectors) {
      if (vector != null) {
        present++;
      }
    }
    return present;
  }

  /** Checks one vector against its identity: the right length, finite, not all zero; {@code what} names it. */
  public static void check(EmbedderIdentity identity, float[] vector, String what) {
    if (vector.length != identity.dims()) {
      throw new IllegalArgumentException(what + " must have the " + identity.dims() + " dims of " + identity
          + ", got: " + vector.length);
    }
    boolean zero = true;
    for (int d = 0; d < vector.length; d++) {
      if (!Float.isFinite(vector[d])) {
        throw new IllegalArgumentException(what + " must be finite, got: " + vector[d] + " at dim " + d);
      }
      zero &= vector[d] == 0f;
    }
    if (zero) {
      throw new IllegalArgumentException(what + " must not be all zeros (cosine is undefined for it), got: "
          + "a zero vector of " + identity);
    }
  }
}
