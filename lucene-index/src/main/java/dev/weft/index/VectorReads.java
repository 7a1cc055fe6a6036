package dev.weft.index;

import dev.weft.context.embed.EmbedderIdentity;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.stream.IntStream;
import org.apache.lucene.index.FieldInfo;
import org.apache.lucene.index.FloatVectorValues;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.ReaderUtil;
import org.apache.lucene.util.VectorUtil;

/** Reads stored vectors of given documents, through Lucene's forward-only {@link FloatVectorValues}. */
final class VectorReads {
  private VectorReads() {}

  /** A document's vector (a copy the caller may keep) and the embedder identity whose field holds it. */
  record IdentityVector(EmbedderIdentity identity, float[] vector) {}

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
      if (values != null && advance(values, docs[i] - leaf.docBase)) {
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

  /** Every identity's vector field of one leaf, for reading the vectors of many of its documents. */
  static LeafVectors leaf(LeafReader leaf) throws IOException {
    List<EmbedderIdentity> identities = new ArrayList<>();
    List<FloatVectorValues> columns = new ArrayList<>();
    // one vector field per embedder identity (see ChunkDocuments.vectorField)
    for (FieldInfo field : leaf.getFieldInfos()) {
      if (field.getVectorDimension() > 0 && field.name.startsWith(ChunkDocuments.VECTOR_PREFIX)) {
        FloatVectorValues values = leaf.getFloatVectorValues(field.name);
        if (values != null) {
          identities.add(ChunkDocuments.parseIdentity(field.name.substring(ChunkDocuments.VECTOR_PREFIX.length())));
          columns.add(values);
        }
      }
    }
    return new LeafVectors(identities, columns);
  }

  /**
   * The vector fields of one leaf, read forward: documents are asked for in increasing id order. A chunk
   * has at most one vector, in the field of the identity that made it.
   */
  static final class LeafVectors {
    private final List<EmbedderIdentity> identities;
    private final List<FloatVectorValues> columns;

    private LeafVectors(List<EmbedderIdentity> identities, List<FloatVectorValues> columns) {
      this.identities = identities;
      this.columns = columns;
    }

    /** Whether {@code doc} has a vector in any identity's field; copies nothing. */
    boolean has(int doc) throws IOException {
      return column(doc) >= 0;
    }

    /** The vector of {@code doc} with its identity, or null when it has none. */
    IdentityVector get(int doc) throws IOException {
      int column = column(doc);
      return column < 0 ? null
          : new IdentityVector(identities.get(column), columns.get(column).vectorValue().clone());
    }

    /** The index of the field holding {@code doc}'s vector, positioned on it; -1 when none does. */
    private int column(int doc) throws IOException {
      for (int i = 0; i < columns.size(); i++) {
        if (advance(columns.get(i), doc)) {
          return i;
        }
      }
      return -1;
    }
  }

  /** Moves a forward-only iterator to {@code doc} unless it is already there; whether {@code doc} has a vector. */
  private static boolean advance(FloatVectorValues values, int doc) throws IOException {
    return (values.docID() < doc ? values.advance(doc) : values.docID()) == doc;
  }
}
