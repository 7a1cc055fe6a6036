package dev.weft.index.store;

import com.fasterxml.jackson.databind.JsonNode;
import dev.weft.context.error.ReadOnlyStoreException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
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
 * What a store answers when no writer can ever open in it ({@link dev.weft.context.error.ReadOnlyStoreException}:
 * a read-only mount, or no write permission). No other process can commit there either, so the last commit is the
 * store's state for as long as it stays read-only, and reads need neither the lock nor a write:
 *
 * <ul>
 *   <li>a ranking read whose prefix the last commit's log still holds cannot fold on disk (ranking sees documents
 *       only), so the fold is made for that one read, in memory: the commit's documents with every logged key
 *       hidden, beside a segment of the logged values ({@link FoldAhead#build}, the documents a fold writes);
 *   <li>a mutate that only reads (its outcome writes nothing) is answered from the last commit; one that writes is
 *       refused with the read-only failure, each alone.
 * </ul>
 */
final class ReadOnlyReads {
  private ReadOnlyReads() {}

  /** Runs {@code how} against {@code view}'s documents overlaid by its log, as one folded commit would hold them. */
  static <T> T folded(StoreView view, StoreSearchers.SearcherRead<T> how) throws IOException {
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

  /**
   * Answers each mutate of {@code group} alone against the last commit: one whose outcome writes nothing
   * succeeds, one that would write fails with {@code refused}, one whose callback throws fails with that.
   */
  static void answer(List<PendingMutate<?>> group, StoreSearchers searchers, ReadOnlyStoreException refused)
      throws IOException {
    searchers.read(view -> {
      answer(group, view, refused);
      return null;
    });
  }

  private static void answer(List<PendingMutate<?>> group, StoreView view, ReadOnlyStoreException refused)
      throws IOException {
    for (PendingMutate<?> mutate : group) {
      SortedMap<String, Optional<JsonNode>> staged = new TreeMap<>();
      List<Runnable> acknowledgements = new ArrayList<>(1);
      GroupStaging.stage(mutate, view, staged, acknowledgements);
      if (mutate.done()) {
        continue;
      }
      if (staged.isEmpty()) {
        acknowledgements.forEach(Runnable::run);
      } else {
        mutate.fail(refused);
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
