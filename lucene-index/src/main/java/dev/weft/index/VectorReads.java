package dev.weft.index;

import java.io.IOException;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.stream.IntStream;
import org.apache.lucene.index.FloatVectorValues;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.ReaderUtil;
import org.apache.lucene.util.VectorUtil;

/** Reads stored vectors of given documents, through Lucene's forward-only {@link FloatVectorValues}. */
final class VectorReads {
  private VectorReads() {}

  /**
   * The vectors of {@code docs} (top-level ids) in {@code field}: entry i for docs[i], a copy (the
   * iterator reuses its buffer), or null when that document has none.
   */
  static float[][] vectors(IndexReader reader, String field, int[] docs) throws IOException {
    List<LeafReaderContext> leaves = reader.leaves();
    float[][] vectors = new float[docs.length][];
    // the iterators only move forward: visit the documents in id order
    Integer[] order = IntStream.range(0, docs.length).boxed().toArray(Integer[]::new);
    Arrays.sort(order, Comparator.comparingInt(i -> docs[i]));
    int leafIndex = -1;
    LeafReaderContext leaf = null;
    FloatVectorValues values = null;
    for (int i : order) {
      int index = ReaderUtil.subIndex(docs[i], leaves);
      if (index != leafIndex) {
        leafIndex = index;
        leaf = leaves.get(index);
        values = leaf.reader().getFloatVectorValues(field);
      }
      if (values == null) {
        continue;
      }
      int local = docs[i] - leaf.docBase;
      int at = values.docID() < local ? values.advance(local) : values.docID();
      if (at == local) {
        vectors[i] = values.vectorValue().clone();
      }
    }
    return vectors;
  }

  /** Raw cosines of {@code docs} with {@code query}: null for a document without a vector. */
  static Float[] cosines(IndexReader reader, String field, int[] docs, float[] query) throws IOException {
    float[][] vectors = vectors(reader, field, docs);
    Float[] cosines = new Float[docs.length];
    for (int i = 0; i < docs.length; i++) {
      cosines[i] = vectors[i] == null ? null : VectorUtil.cosine(query, vectors[i]);
    }
    return cosines;
  }
}
