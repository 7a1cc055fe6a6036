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
 * The one place a nearest-neighbour search is built. Chunk embeddings of code are clustered and hold many exact
 * duplicates (license headers, one-line bodies), and Lucene 9.12's HNSW graph is unreliable on such data: its
 * neighbour selection keeps one copy of a duplicate group and rejects every other candidate as "no closer than
 * that copy", so duplicate groups become islands the search cannot reach (self-recall@10 of 0.27 measured on a
 * 19k-chunk Python index; docs/quality.md). So a segment with up to {@link #EXACT_MAX_VECTORS} vectors is searched
 * exactly — every vector compared, which on that index costs about what the graph does — and a larger one through the
 * graph with a beam of at least {@link #MIN_GRAPH_BEAM}.
 */
final class NearestNeighbours {
  /** Segments up to this many vectors are searched exactly (measured: docs/quality.md, "Dense recall"). */
  static final int EXACT_MAX_VECTORS = 100_000;
  /**
   * The graph search keeps this many candidates at least (Lucene's beam is k): a wider beam finds true neighbours
   * a k-wide one misses, for a fraction of a millisecond.
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
      case SERVED -> new SizedKnnQuery(field, vector, Math.max(k, MIN_GRAPH_BEAM), filter, EXACT_MAX_VECTORS);
      case GRAPH -> new SizedKnnQuery(field, vector, k, filter, 0);
      case EXACT -> new SizedKnnQuery(field, vector, k, filter, Integer.MAX_VALUE);
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

  /** Lucene's KNN query, searching a segment exactly when it holds at most {@code exactMaxVectors} vectors. */
  private static final class SizedKnnQuery extends KnnFloatVectorQuery {
    private final int exactMaxVectors;

    SizedKnnQuery(String field, float[] vector, int k, Query filter, int exactMaxVectors) {
      super(field, vector, k, filter);
      this.exactMaxVectors = exactMaxVectors;
    }

    @Override
    protected TopDocs approximateSearch(LeafReaderContext context, Bits acceptDocs, int visitedLimit,
        KnnCollectorManager collectors) throws IOException {
      FloatVectorValues values = context.reader().getFloatVectorValues(field);
      if (values == null || values.size() > exactMaxVectors) {
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
      return super.equals(o) && ((SizedKnnQuery) o).exactMaxVectors == exactMaxVectors;
    }

    @Override
    public int hashCode() {
      return 31 * super.hashCode() + exactMaxVectors;
    }
  }
}
