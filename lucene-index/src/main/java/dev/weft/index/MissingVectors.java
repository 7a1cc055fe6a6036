package dev.weft.index;

import dev.weft.context.Chunk;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.search.DocIdSetIterator;

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
    private int nextLeaf;
    /** The leaf being read and its vectors; null between leaves. */
    private StoredChunks.Leaf leaf;
    private VectorReads.LeafVectors vectors;
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
        if (leaf == null && !openNextLeaf()) {
          break;
        }
        // chunk documents come in id order, so the leaf's columns and vector iterators only move forward
        int doc = leaf.nextDoc();
        if (doc == DocIdSetIterator.NO_MORE_DOCS) {
          leaf = null;
        } else if (!vectors.has(doc)) {
          batch.add(leaf.read(doc));
        }
      }
      return batch;
    }

    private boolean openNextLeaf() throws IOException {
      if (nextLeaf == reader.leaves().size()) {
        return false;
      }
      LeafReader leafReader = reader.leaves().get(nextLeaf++).reader();
      leaf = chunks.leaf(leafReader);
      vectors = VectorReads.leaf(leafReader);
      return true;
    }
  }
}
