package dev.weft.transforms.export;

import dev.weft.context.Chunk;
import dev.weft.context.ChunkVectors;
import dev.weft.context.ItemMetadata;
import dev.weft.context.embed.EmbedderIdentity;
import java.io.Serializable;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.stream.IntStream;

/**
 * One row of a chunk dataset: a chunk and, when the run embedded it, its vector and the identity of the model
 * that made it. Identity and vector come together or not at all, and the vector has the identity's dims.
 *
 * <p>{@code equals} compares the vector's contents (a record would compare the array reference).
 *
 * @param chunk the chunk
 * @param identity the embedder that made {@code vector}, or null
 * @param vector the embedding, or null
 * @param meta the metadata of the chunk's item (none for a file of a tree)
 */
public record ChunkRow(Chunk chunk, EmbedderIdentity identity, float[] vector, ItemMetadata meta)
    implements Serializable {
  public ChunkRow {
    Objects.requireNonNull(chunk, "chunk");
    meta = meta == null ? ItemMetadata.none() : meta;
    if ((identity == null) != (vector == null)) {
      throw new IllegalArgumentException("a chunk row must carry both an embedder identity and a vector or "
          + "neither, got: identity=" + identity + ", vector=" + (vector == null ? "null" : vector.length + " floats")
          + " for " + chunk.id());
    }
    if (vector != null && vector.length != identity.dims()) {
      throw new IllegalArgumentException("vector length must equal the embedder's dims " + identity.dims()
          + ", got: " + vector.length + " for " + chunk.id());
    }
    vector = vector == null ? null : vector.clone();
  }

  /** A row of an item without metadata. */
  public ChunkRow(Chunk chunk, EmbedderIdentity identity, float[] vector) {
    this(chunk, identity, vector, ItemMetadata.none());
  }

  /** A row without a vector. */
  public static ChunkRow of(Chunk chunk) {
    return new ChunkRow(chunk, null, null);
  }

  /** This row carrying {@code newMeta}. */
  public ChunkRow withMeta(ItemMetadata newMeta) {
    return new ChunkRow(chunk, identity, vector, newMeta);
  }

  /** Rows without vectors, in the order given. */
  public static List<ChunkRow> allOf(List<Chunk> chunks) {
    return chunks.stream().map(ChunkRow::of).toList();
  }

  /**
   * Rows of a file's chunks with their vectors: chunk {@code i} with vector {@code i}, and without one where the
   * entry is null or {@code vectors} is {@link ChunkVectors#none()}.
   *
   * @throws IllegalArgumentException when {@code vectors} has entries but not one per chunk
   */
  public static List<ChunkRow> allOf(List<Chunk> chunks, ChunkVectors vectors) {
    return allOf(chunks, vectors, ItemMetadata.none());
  }

  /** As {@link #allOf(List, ChunkVectors)}, every row carrying the item's metadata. */
  public static List<ChunkRow> allOf(List<Chunk> chunks, ChunkVectors vectors, ItemMetadata meta) {
    return meta.isEmpty() ? rows(chunks, vectors) : rows(chunks, vectors).stream().map(r -> r.withMeta(meta)).toList();
  }

  private static List<ChunkRow> rows(List<Chunk> chunks, ChunkVectors vectors) {
    if (vectors.isNone()) {
      return allOf(chunks);
    }
    if (chunks.size() != vectors.vectors().size()) {
      throw new IllegalArgumentException("every chunk needs one vector entry, got: " + vectors.vectors().size()
          + " entries for " + chunks.size() + " chunks");
    }
    return IntStream.range(0, chunks.size())
        .mapToObj(i -> vectors.vector(i) == null ? of(chunks.get(i))
            : new ChunkRow(chunks.get(i), vectors.identity(), vectors.vector(i)))
        .toList();
  }

  public boolean hasVector() {
    return vector != null;
  }

  /** A copy: the row stays immutable. */
  @Override
  public float[] vector() {
    return vector == null ? null : vector.clone();
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof ChunkRow that
        && chunk.equals(that.chunk)
        && Objects.equals(identity, that.identity)
        && Arrays.equals(vector, that.vector)
        && meta.equals(that.meta);
  }

  @Override
  public int hashCode() {
    return Objects.hash(chunk, identity, Arrays.hashCode(vector), meta);
  }

  @Override
  public String toString() {
    return "ChunkRow[" + chunk.id() + (vector == null ? "" : ", " + identity) + "]";
  }
}
