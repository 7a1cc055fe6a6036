package dev.weft.index;

import dev.weft.context.ChunkPointer;
import dev.weft.context.Hit;
import dev.weft.context.Kind;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.index.ReaderUtil;
import org.apache.lucene.index.SortedDocValues;
import org.apache.lucene.search.FieldDoc;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.SortField;
import org.apache.lucene.search.TopFieldDocs;
import org.apache.lucene.util.BytesRef;

/** Ranks one kind's chunks by BM25 and turns them into hits read from doc values only. */
final class Ranker {
  /** Score first; equal scores by path, then by first line, so every run ranks alike. */
  private static final Sort RANKING = new Sort(
      SortField.FIELD_SCORE,
      new SortField(ChunkDocuments.PATH, SortField.Type.STRING),
      new SortField(ChunkDocuments.START_LINE, SortField.Type.INT));
  private static final int PATH_SORT_INDEX = 1;
  /** Chunks fetched per distinct file wanted, before fetching deeper. */
  private static final int OVERFETCH = 4;
  private static final int MAX_PAGE = 4096;

  private final IndexSearcher searcher;

  Ranker(IndexSearcher searcher) {
    this.searcher = searcher;
  }

  List<Hit> rank(Kind kind, String text, int limit, boolean onePerFile) {
    Optional<Query> query = RecallQueries.build(kind, text);
    if (query.isEmpty()) {
      return List.of();
    }
    try {
      List<FieldDoc> docs = onePerFile ? bestPerFile(query.get(), limit) : top(query.get(), limit);
      List<Hit> hits = new ArrayList<>(docs.size());
      for (FieldDoc doc : docs) {
        hits.add(hit(kind, doc));
      }
      return hits;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot rank " + kind.id() + " for: " + text, e);
    }
  }

  private List<FieldDoc> top(Query query, int limit) throws IOException {
    List<FieldDoc> docs = new ArrayList<>(limit);
    for (ScoreDoc doc : searcher.search(query, limit, RANKING, true).scoreDocs) {
      docs.add((FieldDoc) doc);
    }
    return docs;
  }

  /**
   * Each file's best chunk: pages through the ranking (which already puts a file's best chunk
   * first) until {@code limit} distinct files are found or the matches run out.
   */
  private List<FieldDoc> bestPerFile(Query query, int limit) throws IOException {
    Map<BytesRef, FieldDoc> best = new LinkedHashMap<>();
    int page = Math.min(MAX_PAGE, Math.max(16, limit * OVERFETCH));
    FieldDoc after = null;
    while (true) {
      TopFieldDocs top = searcher.searchAfter(after, query, page, RANKING, true);
      for (ScoreDoc scoreDoc : top.scoreDocs) {
        FieldDoc doc = (FieldDoc) scoreDoc;
        best.putIfAbsent((BytesRef) doc.fields[PATH_SORT_INDEX], doc);
        if (best.size() == limit) {
          return new ArrayList<>(best.values());
        }
      }
      if (top.scoreDocs.length < page) {
        return new ArrayList<>(best.values());
      }
      after = (FieldDoc) top.scoreDocs[top.scoreDocs.length - 1];
      page = Math.min(MAX_PAGE, page * 2);
    }
  }

  private Hit hit(Kind kind, FieldDoc doc) throws IOException {
    List<LeafReaderContext> leaves = searcher.getIndexReader().leaves();
    LeafReaderContext leaf = leaves.get(ReaderUtil.subIndex(doc.doc, leaves));
    LeafReader reader = leaf.reader();
    int local = doc.doc - leaf.docBase;
    String path = ((BytesRef) doc.fields[PATH_SORT_INDEX]).utf8ToString();
    int startLine = (Integer) doc.fields[PATH_SORT_INDEX + 1];
    return new Hit(path, kind, string(reader, ChunkDocuments.FORMAT, local), doc.score,
        new ChunkPointer(
            string(reader, ChunkDocuments.SYMBOL, local),
            string(reader, ChunkDocuments.NODE_TYPE, local),
            startLine,
            (int) number(reader, ChunkDocuments.END_LINE, local)));
  }

  private static String string(LeafReader reader, String field, int doc) throws IOException {
    SortedDocValues values = DocValues.getSorted(reader, field);
    return values.advanceExact(doc) ? values.lookupOrd(values.ordValue()).utf8ToString() : null;
  }

  private static long number(LeafReader reader, String field, int doc) throws IOException {
    NumericDocValues values = DocValues.getNumeric(reader, field);
    if (!values.advanceExact(doc)) {
      throw new IllegalStateException("chunk document " + doc + " has no " + field);
    }
    return values.longValue();
  }
}
