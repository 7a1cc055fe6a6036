package dev.weft.index;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.PostingsEnum;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.util.Bits;

/**
 * Finds a document by a key term (a chunk id, a file path, a path and line range): the first live document of
 * the term that a per-leaf reader accepts. One loop for every such lookup, so each skips deleted documents and
 * opens its doc-value columns once per leaf the same way.
 */
final class TermLookup {
  private TermLookup() {}

  /** Reads one live document of the term; null passes over it (it is not the one looked for). */
  interface DocReader<T> {
    T read(int doc) throws IOException;
  }

  /** Opens a {@link DocReader} on a leaf that holds the term. */
  interface LeafOpener<T> {
    DocReader<T> open(LeafReaderContext leaf) throws IOException;
  }

  /** The first non-null value {@code opener}'s readers give for a live document of {@code term}. */
  static <T> Optional<T> first(IndexReader reader, Term term, LeafOpener<T> opener) throws IOException {
    return collect(reader, term, opener, 1).stream().findFirst();
  }

  /** Every non-null value {@code opener}'s readers give for the live documents of {@code term}, in index order. */
  static <T> List<T> all(IndexReader reader, Term term, LeafOpener<T> opener) throws IOException {
    return collect(reader, term, opener, Integer.MAX_VALUE);
  }

  /** Up to {@code limit} non-null values for the live documents of {@code term}, in index order. */
  private static <T> List<T> collect(IndexReader reader, Term term, LeafOpener<T> opener, int limit)
      throws IOException {
    List<T> values = new ArrayList<>();
    for (LeafReaderContext leaf : reader.leaves()) {
      PostingsEnum postings = leaf.reader().postings(term, PostingsEnum.NONE);
      if (postings == null) {
        continue;
      }
      Bits live = leaf.reader().getLiveDocs();
      DocReader<T> docs = opener.open(leaf);
      for (int doc = postings.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS; doc = postings.nextDoc()) {
        if (live == null || live.get(doc)) {
          T value = docs.read(doc);
          if (value != null) {
            values.add(value);
            if (values.size() == limit) {
              return values;
            }
          }
        }
      }
    }
    return values;
  }
}
