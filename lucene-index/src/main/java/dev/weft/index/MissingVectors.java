package dev.weft.index;

import dev.weft.context.Chunk;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import org.apache.lucene.index.FieldInfo;
import org.apache.lucene.index.FloatVectorValues;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.PostingsEnum;
import org.apache.lucene.index.Term;
import org.apache.lucene.index.VectorEncoding;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.util.Bits;

/**
 * The chunks of a reader that have no vector in any vector field, in batches, read lazily segment by
 * segment so a large index is never held in memory. Each {@link #iterator()} starts over; an iterator
 * is for one thread, and the reader must stay open while it is used.
 */
final class MissingVectors implements Iterable<List<Chunk>> {
  private final IndexReader reader;
  private final int batchSize;

  MissingVectors(IndexReader reader, int batchSize) {
    if (batchSize < 1) {
      throw new IllegalArgumentException("batch size must be at least 1, got: " + batchSize);
    }
    this.reader = reader;
    this.batchSize = batchSize;
  }

  @Override
  public Iterator<List<Chunk>> iterator() {
    return new Batches();
  }

  private final class Batches implements Iterator<List<Chunk>> {
    private final StoredChunks chunks = new StoredChunks(reader);
    private final Term chunkTerm = new Term(ChunkDocuments.TYPE, ChunkDocuments.CHUNK);
    private int nextLeaf;
    private LeafReader leaf;
    private PostingsEnum docs;
    private Bits live;
    private List<FloatVectorValues> vectorFields;
    private List<Chunk> next;

    @Override
    public boolean hasNext() {
      if (next == null) {
        try {
          next = fill();
        } catch (IOException e) {
          throw new UncheckedIOException("cannot list the chunks without a vector", e);
        }
      }
      return !next.isEmpty();
    }

    @Override
    public List<Chunk> next() {
      if (!hasNext()) {
        throw new NoSuchElementException("no more chunks without a vector");
      }
      List<Chunk> batch = next;
      next = null;
      return batch;
    }

    private List<Chunk> fill() throws IOException {
      List<Chunk> batch = new ArrayList<>(batchSize);
      while (batch.size() < batchSize) {
        if (docs == null && !openNextLeaf()) {
          break;
        }
        int doc = docs.nextDoc();
        if (doc == DocIdSetIterator.NO_MORE_DOCS) {
          docs = null;
        } else if ((live == null || live.get(doc)) && !hasVector(doc)) {
          batch.add(chunks.read(leaf, doc));
        }
      }
      return batch;
    }

    private boolean openNextLeaf() throws IOException {
      while (nextLeaf < reader.leaves().size()) {
        leaf = reader.leaves().get(nextLeaf++).reader();
        docs = leaf.postings(chunkTerm, PostingsEnum.NONE);
        if (docs != null) {
          live = leaf.getLiveDocs();
          vectorFields = new ArrayList<>();
          for (FieldInfo info : leaf.getFieldInfos()) {
            if (info.getVectorDimension() > 0 && info.getVectorEncoding() == VectorEncoding.FLOAT32) {
              vectorFields.add(leaf.getFloatVectorValues(info.name));
            }
          }
          return true;
        }
      }
      return false;
    }

    /** Chunk documents come in id order, so each vector iterator only moves forward. */
    private boolean hasVector(int doc) throws IOException {
      for (FloatVectorValues values : vectorFields) {
        if (values != null && (values.docID() < doc ? values.advance(doc) : values.docID()) == doc) {
          return true;
        }
      }
      return false;
    }
  }
}
