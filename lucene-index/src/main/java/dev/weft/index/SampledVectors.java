package dev.weft.index;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.lucene.index.FieldInfo;
import org.apache.lucene.index.FloatVectorValues;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.VectorSimilarityFunction;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.util.Bits;

/**
 * A seeded sample of the live documents holding a chunk vector, with their vectors, to query an index with its own
 * vectors. One draw per seed: the same reader and seed give the same sample.
 */
final class SampledVectors {
  private SampledVectors() {}

  /** One sampled document: its top-level id, the vector field holding its vector, and a copy of the vector. */
  record Sampled(int doc, String field, VectorSimilarityFunction similarity, float[] vector) {}

  /**
   * Up to {@code size} documents drawn without replacement, uniformly among every live document with a vector in a
   * Weft vector field, in document order; all of them when there are fewer.
   */
  static List<Sampled> draw(IndexReader reader, int size, long seed) throws IOException {
    if (size < 1) {
      throw new IllegalArgumentException("sample must be at least 1, got: " + size);
    }
    long total = 0;
    for (LeafReaderContext leaf : reader.leaves()) {
      for (FieldInfo field : vectorFields(leaf)) {
        total += countLive(leaf, field);
      }
    }
    // selection sampling (Knuth's algorithm S): one pass, each document kept with the probability that leaves
    // exactly `size` kept at the end
    Random random = new Random(seed);
    long seen = 0;
    List<Sampled> sampled = new ArrayList<>();
    for (LeafReaderContext leaf : reader.leaves()) {
      for (FieldInfo field : vectorFields(leaf)) {
        FloatVectorValues values = leaf.reader().getFloatVectorValues(field.name);
        Bits liveDocs = leaf.reader().getLiveDocs();
        for (int doc = values.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS; doc = values.nextDoc()) {
          if (liveDocs != null && !liveDocs.get(doc)) {
            continue;
          }
          if ((total - seen) * random.nextDouble() < size - sampled.size()) {
            sampled.add(new Sampled(leaf.docBase + doc, field.name, field.getVectorSimilarityFunction(),
                values.vectorValue().clone()));
          }
          seen++;
        }
      }
    }
    return sampled;
  }

  /** The Weft vector fields (one per embedder identity) of a leaf. */
  static List<FieldInfo> vectorFields(LeafReaderContext leaf) {
    List<FieldInfo> fields = new ArrayList<>();
    for (FieldInfo field : leaf.reader().getFieldInfos()) {
      if (field.getVectorDimension() > 0 && field.name.startsWith(ChunkDocuments.VECTOR_PREFIX)) {
        fields.add(field);
      }
    }
    return fields;
  }

  /** How many live documents of a leaf have a vector in {@code field}. */
  private static long countLive(LeafReaderContext leaf, FieldInfo field) throws IOException {
    FloatVectorValues values = leaf.reader().getFloatVectorValues(field.name);
    Bits liveDocs = leaf.reader().getLiveDocs();
    if (liveDocs == null) {
      return values.size();
    }
    long live = 0;
    for (int doc = values.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS; doc = values.nextDoc()) {
      if (liveDocs.get(doc)) {
        live++;
      }
    }
    return live;
  }
}
