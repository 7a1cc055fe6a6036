package dev.weft.index;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.lucene.index.FieldInfo;
import org.apache.lucene.index.FloatVectorValues;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.FilteredDocIdSetIterator;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.KnnFloatVectorQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.search.knn.KnnCollectorManager;
import org.apache.lucene.util.BitSet;
import org.apache.lucene.util.BitSetIterator;
import org.apache.lucene.util.Bits;

/**
 * The one place a nearest-neighbour search is built. Chunk embeddings of code are tightly clustered and hold many
 * exact duplicates (license headers, one-line bodies), written in file order, and Lucene 9.12's HNSW graph is
 * unreliable on such data: graphs built at flush, one chunk after the next in document order, found 0.60 of the
 * true 10 nearest neighbours on a 19k-chunk Python index, and a wider beam does not help (0.62 at 400); the same
 * vectors shuffled, or merged from small segments, give 0.92–0.99 (docs/quality.md, "Dense recall"). So every
 * segment small enough to have been flushed whole — at most {@link #EXACT_MAX_FLOATS} vector floats — is searched
 * exactly, every vector compared (about 0.46 µs of CPU per 384-dim vector on the 2-core VM here, so 9 ms for
 * 19k), and only larger, merged segments through the graph, with a beam of at least {@link #MIN_GRAPH_BEAM}.
 */
final class NearestNeighbours {
  /**
   * Segments with up to this many vector floats (vectors x dims, deleted included) are searched exactly: the
   * indexing buffer's worth, so no segment written by a flush — document order, the unreliable graphs — is
   * searched through its graph. 16.8M floats: 43,690 vectors of 384 dims, about 20 ms of CPU per query here.
   */
  static final long EXACT_MAX_FLOATS = (long) IndexConfig.RAM_BUFFER_MB * 1024 * 1024 / Float.BYTES;
  /**
   * The graph search keeps this many candidates at least (Lucene's beam is k): a wider beam finds true neighbours
   * a k-wide one misses (0.973 to 0.988 on a merged graph of the index above) for about 1 ms of CPU.
   */
  static final int MIN_GRAPH_BEAM = 100;

  private NearestNeighbours() {}

  /**
   * The {@code k} nearest neighbours of {@code vector} in {@code field} among the documents {@code filter} matches
   * (all when null): run it with {@code searcher.search(query, k)}, which keeps the best {@code k}.
   */
  static Query query(String field, float[] vector, int k, Query filter) {
    return query(field, vector, k, filter, KnnSearch.SERVED);
  }

  static Query query(String field, float[] vector, int k, Query filter, KnnSearch search) {
    if (k < 1) {
      throw new IllegalArgumentException("k must be at least 1, got: " + k);
    }
    return switch (search) {
      case SERVED -> new SizedKnnQuery(field, vector, Math.max(k, MIN_GRAPH_BEAM), filter, EXACT_MAX_FLOATS);
      case GRAPH -> new SizedKnnQuery(field, vector, k, filter, 0);
      case EXACT -> new SizedKnnQuery(field, vector, k, filter, Long.MAX_VALUE);
    };
  }

  /** Top docs of a search, keeping the best {@code k} of a query built here. */
  static TopDocs search(IndexSearcher searcher, Query query, int k) {
    try {
      return searcher.search(query, k);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot search the nearest neighbours: " + query, e);
    }
  }

  /** The vectors of every Weft vector field in each segment holding any (deleted ones included), largest first. */
  static List<Integer> vectorsPerSegment(IndexReader reader) {
    List<Integer> counts = new ArrayList<>();
    try {
      for (LeafReaderContext leaf : reader.leaves()) {
        int vectors = 0;
        for (FieldInfo field : SampledVectors.vectorFields(leaf)) {
          vectors += leaf.reader().getFloatVectorValues(field.name).size();
        }
        if (vectors > 0) {
          counts.add(vectors);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot count the vectors of " + reader, e);
    }
    counts.sort(Comparator.reverseOrder());
    return counts;
  }

  /** Lucene's KNN query, searching a segment exactly when its vectors hold at most {@code exactMaxFloats} floats. */
  private static final class SizedKnnQuery extends KnnFloatVectorQuery {
    private final long exactMaxFloats;

    SizedKnnQuery(String field, float[] vector, int k, Query filter, long exactMaxFloats) {
      super(field, vector, k, filter);
      this.exactMaxFloats = exactMaxFloats;
    }

    @Override
    protected TopDocs approximateSearch(LeafReaderContext context, Bits acceptDocs, int visitedLimit,
        KnnCollectorManager collectors) throws IOException {
      FloatVectorValues values = context.reader().getFloatVectorValues(field);
      if (values == null || (long) values.size() * values.dimension() > exactMaxFloats) {
        return super.approximateSearch(context, acceptDocs, visitedLimit, collectors);
      }
      return exactSearch(context, accepted(acceptDocs, context.reader().maxDoc()), null);
    }

    /** The documents a search may return: the filter's (a bit set), else the live ones (null: all). */
    private static DocIdSetIterator accepted(Bits acceptDocs, int maxDoc) {
      if (acceptDocs == null) {
        return DocIdSetIterator.all(maxDoc);
      }
      if (acceptDocs instanceof BitSet bits) {
        return new BitSetIterator(bits, bits.approximateCardinality());
      }
      return new FilteredDocIdSetIterator(DocIdSetIterator.all(maxDoc)) {
        @Override
        protected boolean match(int doc) {
          return acceptDocs.get(doc);
        }
      };
    }

    @Override
    public boolean equals(Object o) {
      return super.equals(o) && ((SizedKnnQuery) o).exactMaxFloats == exactMaxFloats;
    }

    @Override
    public int hashCode() {
      return 31 * super.hashCode() + Long.hashCode(exactMaxFloats);
    }
  }
}
