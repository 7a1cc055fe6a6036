package dev.weft.index.store;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.FilterLeafReader;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.MultiReader;
import org.apache.lucene.index.PostingsEnum;
import org.apache.lucene.index.Terms;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.store.Directory;
import org.apache.lucene.util.Bits;
import org.apache.lucene.util.BytesRef;
import org.apache.lucene.util.FixedBitSet;

/**
 * A ranking read of a store no writer can ever open (read-only: {@link dev.weft.context.error.ReadOnlyStoreException}),
 * whose last commit still carries a log under the query's prefix: ranking sees documents only, and the fold that
 * would write the log into documents cannot be committed there. So the fold is made for this one read, in memory:
 * the commit's documents with every logged key hidden, beside a segment of the logged values ({@link
 * FoldAhead#build}, the same documents a fold writes). Nothing of the store is written; the next read folds again.
 */
final class ReadOnlyFold {
  private ReadOnlyFold() {}

  /** Runs {@code how} against {@code view}'s documents overlaid by its log, as one folded commit would hold them. */
  static <T> T read(StoreView view, StoreSearchers.SearcherRead<T> how) throws IOException {
    SortedMap<String, Optional<JsonNode>> logged = view.log().entries();
    if (logged.isEmpty()) {
      return how.read(view);
    }
    try (Directory segment = FoldAhead.build(logged); DirectoryReader values = DirectoryReader.open(segment)) {
      List<IndexReader> parts = new ArrayList<>();
      for (LeafReaderContext leaf : view.searcher().getIndexReader().leaves()) {
        parts.add(new Hiding(leaf.reader(), logged));
      }
      for (LeafReaderContext leaf : values.leaves()) {
        parts.add(leaf.reader());
      }
      try (MultiReader folded = new MultiReader(parts.toArray(IndexReader[]::new), false)) {
        return how.read(new StoreView(new IndexSearcher(folded), CommitLog.EMPTY));
      }
    }
  }

  /** A segment of the commit with the logged keys' documents hidden, as the fold's deletes would hide them. */
  private static final class Hiding extends FilterLeafReader {
    private final FixedBitSet live;
    private final int numDocs;

    Hiding(LeafReader in, SortedMap<String, Optional<JsonNode>> logged) throws IOException {
      super(in);
      live = new FixedBitSet(in.maxDoc());
      Bits liveDocs = in.getLiveDocs();
      if (liveDocs == null) {
        live.set(0, in.maxDoc());
      } else {
        for (int doc = 0; doc < in.maxDoc(); doc++) {
          if (liveDocs.get(doc)) {
            live.set(doc);
          }
        }
      }
      Terms keys = in.terms(StoreDocuments.KEY);
      if (keys != null) {
        TermsEnum terms = keys.iterator();
        PostingsEnum postings = null;
        for (String key : logged.keySet()) {
          if (terms.seekExact(new BytesRef(key))) {
            postings = terms.postings(postings, PostingsEnum.NONE);
            for (int doc = postings.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS; doc = postings.nextDoc()) {
              live.clear(doc);
            }
          }
        }
      }
      numDocs = live.cardinality();
    }

    @Override
    public Bits getLiveDocs() {
      return live;
    }

    @Override
    public int numDocs() {
      return numDocs;
    }

    @Override
    protected void doClose() {
      // the segment belongs to the commit's reader, which its searcher manager closes
    }

    @Override
    public CacheHelper getCoreCacheHelper() {
      return null;
    }

    @Override
    public CacheHelper getReaderCacheHelper() {
      return null;
    }
  }
}
