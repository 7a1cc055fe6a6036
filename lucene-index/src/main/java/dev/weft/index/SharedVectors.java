package dev.weft.index;

import dev.weft.context.embed.EmbedderIdentity;
import java.io.IOException;
import org.apache.lucene.codecs.KnnVectorsFormat;
import org.apache.lucene.document.KnnFloatVectorField;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TopDocs;

/**
 * The corpus index's vector machinery, opened to the ledger's Lucene store ({@code dev.weft.index.store}) so both
 * keep vectors the same way — one field per embedder identity, cosine, the wide HNSW format, the nearest-neighbour
 * query that searches small segments exactly, exact cosines read back — rather than a copy that drifts.
 */
public final class SharedVectors {
  private SharedVectors() {}

  /** The name of {@code identity}'s vector field ({@link ChunkDocuments#vectorField}). */
  public static String fieldName(EmbedderIdentity identity) {
    return ChunkDocuments.vectorField(identity);
  }

  /** The identity an {@code embedder} term names ({@code model/dims}; the model may hold slashes). */
  public static EmbedderIdentity parseIdentity(String term) {
    return ChunkDocuments.parseIdentity(term);
  }

  /** A vector made by {@code identity}, in its own field, compared by cosine as chunk vectors are. */
  public static KnnFloatVectorField field(EmbedderIdentity identity, float[] vector) {
    return new KnnFloatVectorField(fieldName(identity), vector, ChunkDocuments.SIMILARITY);
  }

  /** The vector format the corpus index writes with: Lucene's HNSW, admitting up to 4096 dims. */
  public static KnnVectorsFormat format() {
    return new WideVectorsFormat();
  }

  /** The {@code k} nearest neighbours among the documents {@code filter} matches ({@link NearestNeighbours}). */
  public static TopDocs nearest(IndexSearcher searcher, EmbedderIdentity identity, float[] vector, int k,
      Query filter) {
    return NearestNeighbours.search(searcher, NearestNeighbours.query(fieldName(identity), vector, k, filter), k);
  }

  /** Raw cosines of {@code docs} (top-level ids) with {@code query}; null for a document without a vector. */
  public static Float[] cosines(IndexReader reader, EmbedderIdentity identity, int[] docs, float[] query)
      throws IOException {
    return VectorReads.cosines(reader, fieldName(identity), docs, query);
  }
}
