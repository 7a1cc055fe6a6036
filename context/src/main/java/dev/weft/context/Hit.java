package dev.weft.context;

/**
 * A recall hit: a pointer, not a body. Bodies come from {@code get}.
 *
 * @param score the ranking score of the mode that produced the hit: BM25 (bm25), the fused
 *     {@code norm(lexical) + embedWeight * norm(cosine)} (hybrid), or Lucene's KNN score (dense)
 * @param cosine the raw cosine similarity in [-1, 1] between the query vector and the chunk's vector;
 *     null in bm25 mode and for a chunk that has no vector
 * @param meta the metadata of the chunk's item (a dataset record's {@code --meta-fields}); none for a file
 */
public record Hit(String path, Kind kind, String format, float score, ChunkPointer chunk, Float cosine,
    ItemMetadata meta) {
  public Hit {
    meta = meta == null ? ItemMetadata.none() : meta;
  }

  /** A hit of an item without metadata. */
  public Hit(String path, Kind kind, String format, float score, ChunkPointer chunk, Float cosine) {
    this(path, kind, format, score, chunk, cosine, ItemMetadata.none());
  }

  /** A hit without a cosine, as bm25 recall makes. */
  public Hit(String path, Kind kind, String format, float score, ChunkPointer chunk) {
    this(path, kind, format, score, chunk, null);
  }
}
