package dev.weft.index.store;

import com.fasterxml.jackson.databind.JsonNode;
import dev.weft.context.ChunkVectors;
import dev.weft.context.embed.EmbedderIdentity;
import dev.weft.context.store.RankQuery;
import dev.weft.context.store.RankResult;
import dev.weft.context.store.RankedKey;
import dev.weft.context.store.Scope;
import dev.weft.context.store.SearchResult;
import dev.weft.context.store.TextQuery;
import dev.weft.index.SharedVectors;
import dev.weft.index.analysis.QueryTerms;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.MultiTerms;
import org.apache.lucene.index.PostingsEnum;
import org.apache.lucene.index.ReaderUtil;
import org.apache.lucene.index.SortedSetDocValues;
import org.apache.lucene.index.Term;
import org.apache.lucene.index.Terms;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.MatchAllDocsQuery;
import org.apache.lucene.search.PrefixQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.Scorer;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.SortField;
import org.apache.lucene.search.SortedSetSortField;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.search.Weight;
import org.apache.lucene.util.Bits;
import org.apache.lucene.util.BytesRef;

/** The reads of a {@link LuceneStore}, each against one point-in-time searcher (one commit). */
final class StoreReads {
  private static final Comparator<RankedKey> BEST_FIRST =
      Comparator.comparingDouble(RankedKey::score).reversed().thenComparing(RankedKey::key);
  /** Extra neighbours fetched beyond the limit, so exact rescoring can reorder near-ties at the cut. */
  private static final int RESCORE_MARGIN = 16;

  private StoreReads() {}

  static Optional<JsonNode> get(StoreView view, String key) throws IOException {
    Optional<JsonNode> logged = view.log().entries().get(key);
    if (logged != null) {
      return logged.map(JsonNode::deepCopy);
    }
    return Optional.ofNullable(lookUp(view.searcher(), key));
  }

  /**
   * The live value of {@code key}, or null: its term looked up in each segment's terms, the way an {@code
   * updateDocument} finds it, without a query's weight and scorer (a mutate reads its keys on every commit).
   */
  private static JsonNode lookUp(IndexSearcher searcher, String key) throws IOException {
    BytesRef term = new BytesRef(key);
    for (LeafReaderContext leaf : searcher.getIndexReader().leaves()) {
      Terms terms = leaf.reader().terms(StoreDocuments.KEY);
      if (terms == null) {
        continue;
      }
      TermsEnum each = terms.iterator();
      if (!each.seekExact(term)) {
        continue;
      }
      Bits live = leaf.reader().getLiveDocs();
      PostingsEnum docs = each.postings(null, PostingsEnum.NONE);
      for (int doc = docs.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS; doc = docs.nextDoc()) {
        if (live == null || live.get(doc)) {
          return value(leaf, doc);
        }
      }
    }
    return null;
  }

  static List<String> keys(StoreView view, String prefix) throws IOException {
    Set<String> keys = new HashSet<>();
    forEachLive(view.searcher(), under(prefix), (leaf, doc) -> keys.add(key(leaf, doc)));
    view.log().entries().forEach((key, value) -> {
      if (key.startsWith(prefix)) {
        if (value.isPresent()) {
          keys.add(key);
        } else {
          keys.remove(key);
        }
      }
    });
    List<String> sorted = new ArrayList<>(keys);
    // the terms are in UTF-8 byte order, which differs from String order past U+FFFF: sort as the contract says
    sorted.sort(Comparator.naturalOrder());
    return sorted;
  }

  /** Every record {@code scope} covers, freshly parsed: a detached copy. */
  static SortedMap<String, JsonNode> covered(StoreView view, Scope scope) throws IOException {
    SortedMap<String, JsonNode> covered = new TreeMap<>();
    if (!scope.prefixes().isEmpty()) {
      BooleanQuery.Builder any = new BooleanQuery.Builder();
      for (String prefix : scope.prefixes()) {
        any.add(under(prefix), BooleanClause.Occur.SHOULD);
      }
      forEachLive(view.searcher(), any.build(), (leaf, doc) -> covered.put(key(leaf, doc), value(leaf, doc)));
    }
    for (String key : scope.keys()) {
      // a key the log holds is decided by the log below; one a prefix covered is read already
      if (!view.log().entries().containsKey(key) && !covered.containsKey(key)) {
        JsonNode value = lookUp(view.searcher(), key);
        if (value != null) {
          covered.put(key, value);
        }
      }
    }
    // the logged keys the scope covers, found by key and by prefix rather than by testing every logged key: the
    // log holds up to CommitLog.FOLD_ENTRIES keys and a mutate reads its scope on every commit
    SortedMap<String, Optional<JsonNode>> log = view.log().entries();
    for (String key : scope.keys()) {
      Optional<JsonNode> logged = log.get(key);
      if (logged != null) {
        overlay(covered, key, logged);
      }
    }
    for (String prefix : scope.prefixes()) {
      for (Map.Entry<String, Optional<JsonNode>> entry : log.tailMap(prefix).entrySet()) {
        if (!entry.getKey().startsWith(prefix)) {
          break;
        }
        overlay(covered, entry.getKey(), entry.getValue());
      }
    }
    return covered;
  }

  private static void overlay(SortedMap<String, JsonNode> covered, String key, Optional<JsonNode> logged) {
    if (logged.isPresent()) {
      covered.put(key, logged.get().deepCopy());
    } else {
      covered.remove(key);
    }
  }

  /**
   * Counts the values under the prefix and those of the query's identity ({@code embedder} terms, no value
   * read), then the nearest of that identity by KNN, re-scored by exact cosine; ties by key.
   */
  static RankResult rank(StoreView view, RankQuery query) throws IOException {
    requireFolded(view, query.prefix());
    IndexSearcher searcher = view.searcher();
    ChunkVectors.check(query.identity(), query.vector(), "the rank query vector");
    Query under = under(query.prefix());
    int total = searcher.count(under);
    Set<EmbedderIdentity> identities = identities(searcher, under);
    Query mine = new BooleanQuery.Builder()
        .add(under, BooleanClause.Occur.FILTER)
        .add(new TermQuery(new Term(StoreDocuments.EMBEDDER, query.identity().toString())), BooleanClause.Occur.FILTER)
        .build();
    int candidates = searcher.count(mine);
    List<RankedKey> hits = new ArrayList<>();
    if (candidates > 0) {
      int k = Math.min(candidates, query.limit() + RESCORE_MARGIN);
      ScoreDoc[] nearest = SharedVectors.nearest(searcher, query.identity(), query.vector(), k, mine).scoreDocs;
      int[] docs = new int[nearest.length];
      for (int i = 0; i < docs.length; i++) {
        docs[i] = nearest[i].doc;
      }
      Float[] cosines = SharedVectors.cosines(searcher.getIndexReader(), query.identity(), docs, query.vector());
      for (int i = 0; i < docs.length; i++) {
        hits.add(new RankedKey(key(searcher, docs[i]), cosines[i], value(searcher, docs[i])));
      }
      hits.sort(BEST_FIRST);
    }
    return new RankResult(hits.subList(0, Math.min(query.limit(), hits.size())), total - candidates, identities);
  }

  /**
   * BM25 over {@code text} (English, Porter), any query word may match ({@link QueryTerms}: its first 64 distinct
   * words, as corpus recall); ties by key.
   */
  static SearchResult search(StoreView view, TextQuery query) throws IOException {
    requireFolded(view, query.prefix());
    IndexSearcher searcher = view.searcher();
    Set<String> terms = QueryTerms.of(StoreDocuments.ANALYZER, StoreDocuments.TEXT, query.text());
    if (terms.isEmpty()) {
      // only stop words or punctuation: nothing to match, as an empty BM25 query matches nothing
      return new SearchResult(List.of());
    }
    BooleanQuery.Builder words = new BooleanQuery.Builder();
    for (String term : terms) {
      words.add(new TermQuery(new Term(StoreDocuments.TEXT, term)), BooleanClause.Occur.SHOULD);
    }
    Query full = new BooleanQuery.Builder()
        .add(words.build(), BooleanClause.Occur.MUST)
        .add(under(query.prefix()), BooleanClause.Occur.FILTER)
        .build();
    Sort byScoreThenKey = new Sort(SortField.FIELD_SCORE, new SortedSetSortField(StoreDocuments.KEY, false));
    TopDocs top = searcher.search(full, query.limit(), byScoreThenKey, true);
    List<RankedKey> hits = new ArrayList<>(top.scoreDocs.length);
    for (ScoreDoc doc : top.scoreDocs) {
      hits.add(new RankedKey(key(searcher, doc.doc), doc.score, value(searcher, doc.doc)));
    }
    return new SearchResult(hits);
  }

  /** Ranking reads only documents: the store folds a log that touches the prefix first (LuceneStore#folded). */
  private static void requireFolded(StoreView view, String prefix) {
    if (view.log().touches(prefix)) {
      throw new IllegalStateException("a ranking read under '" + prefix + "' met unfolded writes: fold first");
    }
  }

  private static Set<EmbedderIdentity> identities(IndexSearcher searcher, Query under) throws IOException {
    Set<EmbedderIdentity> identities = new HashSet<>();
    Terms terms = MultiTerms.getTerms(searcher.getIndexReader(), StoreDocuments.EMBEDDER);
    if (terms == null) {
      return identities;
    }
    TermsEnum each = terms.iterator();
    for (BytesRef term = each.next(); term != null; term = each.next()) {
      String name = term.utf8ToString();
      Query seen = new BooleanQuery.Builder()
          .add(under, BooleanClause.Occur.FILTER)
          .add(new TermQuery(new Term(StoreDocuments.EMBEDDER, name)), BooleanClause.Occur.FILTER)
          .build();
      // a term may outlive its deleted documents until a merge: count live ones
      if (searcher.count(seen) > 0) {
        identities.add(SharedVectors.parseIdentity(name));
      }
    }
    return identities;
  }

  private static Query under(String prefix) {
    return prefix.isEmpty() ? new MatchAllDocsQuery() : new PrefixQuery(new Term(StoreDocuments.KEY, prefix));
  }

  private interface LeafDocs {
    void accept(LeafReaderContext leaf, int doc) throws IOException;
  }

  /** Every live document {@code query} matches, leaf by leaf in doc order. */
  private static void forEachLive(IndexSearcher searcher, Query query, LeafDocs consumer) throws IOException {
    Weight weight = searcher.createWeight(searcher.rewrite(query), ScoreMode.COMPLETE_NO_SCORES, 1f);
    for (LeafReaderContext leaf : searcher.getIndexReader().leaves()) {
      Scorer scorer = weight.scorer(leaf);
      if (scorer == null) {
        continue;
      }
      Bits live = leaf.reader().getLiveDocs();
      DocIdSetIterator docs = scorer.iterator();
      for (int doc = docs.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS; doc = docs.nextDoc()) {
        if (live == null || live.get(doc)) {
          consumer.accept(leaf, doc);
        }
      }
    }
  }

  private static String key(IndexSearcher searcher, int doc) throws IOException {
    List<LeafReaderContext> leaves = searcher.getIndexReader().leaves();
    LeafReaderContext leaf = leaves.get(ReaderUtil.subIndex(doc, leaves));
    return key(leaf, doc - leaf.docBase);
  }

  private static String key(LeafReaderContext leaf, int doc) throws IOException {
    SortedSetDocValues keys = DocValues.getSortedSet(leaf.reader(), StoreDocuments.KEY);
    if (!keys.advanceExact(doc)) {
      throw new IOException("document " + doc + " of " + leaf.reader() + " has no key");
    }
    return keys.lookupOrd(keys.nextOrd()).utf8ToString();
  }

  private static JsonNode value(IndexSearcher searcher, int doc) throws IOException {
    return StoreDocuments.value(searcher.storedFields().document(doc).getBinaryValue(StoreDocuments.VALUE));
  }

  private static JsonNode value(LeafReaderContext leaf, int doc) throws IOException {
    return StoreDocuments.value(leaf.reader().storedFields().document(doc).getBinaryValue(StoreDocuments.VALUE));
  }
}
