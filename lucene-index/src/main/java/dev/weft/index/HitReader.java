package dev.weft.index;

import dev.weft.context.ChunkPointer;
import dev.weft.context.Hit;
import dev.weft.context.Kind;
import java.io.IOException;
import java.util.List;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.index.ReaderUtil;
import org.apache.lucene.index.SortedDocValues;

/** Reads what a hit shows from doc values only (no stored field), by top-level document id. */
final class HitReader {
  private final List<LeafReaderContext> leaves;

  HitReader(IndexReader reader) {
    this.leaves = reader.leaves();
  }

  Hit hit(Kind kind, int doc, float score, Float cosine) throws IOException {
    LeafReaderContext leaf = leaf(doc);
    LeafReader reader = leaf.reader();
    int local = doc - leaf.docBase;
    return new Hit(string(reader, ChunkDocuments.PATH, local), kind, string(reader, ChunkDocuments.FORMAT, local),
        score,
        new ChunkPointer(
            string(reader, ChunkDocuments.SYMBOL, local),
            string(reader, ChunkDocuments.NODE_TYPE, local),
            (int) number(reader, ChunkDocuments.START_LINE, local),
            (int) number(reader, ChunkDocuments.END_LINE, local)),
        cosine, StoredChunks.metaOf(reader, local));
  }

  String path(int doc) throws IOException {
    LeafReaderContext leaf = leaf(doc);
    return string(leaf.reader(), ChunkDocuments.PATH, doc - leaf.docBase);
  }

  int startLine(int doc) throws IOException {
    LeafReaderContext leaf = leaf(doc);
    return (int) number(leaf.reader(), ChunkDocuments.START_LINE, doc - leaf.docBase);
  }

  private LeafReaderContext leaf(int doc) {
    return leaves.get(ReaderUtil.subIndex(doc, leaves));
  }

  static String string(LeafReader reader, String field, int doc) throws IOException {
    return string(DocValues.getSorted(reader, field), doc);
  }

  static long number(LeafReader reader, String field, int doc) throws IOException {
    return number(DocValues.getNumeric(reader, field), field, doc);
  }

  /**
   * The string of {@code doc} in a column already open on its leaf, or null when it has none. Doc-value
   * iterators only move forward: a caller reading many documents of a leaf passes them in id order.
   */
  static String string(SortedDocValues values, int doc) throws IOException {
    return values.advanceExact(doc) ? values.lookupOrd(values.ordValue()).utf8ToString() : null;
  }

  /** The number of {@code doc} in a column already open on its leaf; every chunk has its lines. */
  static long number(NumericDocValues values, String field, int doc) throws IOException {
    if (!values.advanceExact(doc)) {
      throw new IllegalStateException("chunk document " + doc + " has no " + field);
    }
    return values.longValue();
  }
}
