package dev.weft.index;

import dev.weft.context.Hit;
import dev.weft.context.Kind;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.FieldDoc;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.SortField;
import org.apache.lucene.search.TermInSetQuery;
import org.apache.lucene.search.TopFieldDocs;
import org.apache.lucene.util.BytesRef;

/**
 * Ranks one kind's chunks by BM25 (one doc hit per file: the files as wholes, {@link FileRanking}, each pointing
 * at its best chunk) and turns them into hits read from doc values only; also fills hybrid pools.
 */
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
  private final HitReader hitReader;
  private final FileRanking fileRanking;

  Ranker(IndexSearcher searcher) {
    this.searcher = searcher;
    this.hitReader = new HitReader(searcher.getIndexReader());
    this.fileRanking = new FileRanking(searcher);
  }

  /** @param where the chunks a metadata filter keeps ({@link MetaFilterQueries}), or null for every chunk */
  List<Hit> rank(Kind kind, String text, int limit, boolean onePerFile, Query where) {
    Optional<Query> query = RecallQueries.build(kind, text, where);
    if (query.isEmpty()) {
      return List.of();
    }
    try {
      if (onePerFile && FileRanking.ranksWholeFiles(kind)) {
        return bestChunkOfBestFiles(kind, text, query.get(), limit, where);
      }
      List<FieldDoc> docs = onePerFile ? bestPerFile(query.get(), limit) : top(query.get(), limit);
      List<Hit> hits = new ArrayList<>(docs.size());
      for (FieldDoc doc : docs) {
        hits.add(hitReader.hit(kind, doc.doc, doc.score, null));
      }
      return hits;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot rank " + kind.id() + " for: " + text, e);
    }
  }

  /**
   * One hit per file: the files ranked as wholes ({@link FileRanking}), each pointing at its best chunk by the
   * chunk ranking; a hit's score is its file's.
   */
  private List<Hit> bestChunkOfBestFiles(Kind kind, String text, Query query, int limit, Query where)
      throws IOException {
    List<FileRanking.RankedFile> files = fileRanking.rank(kind, RecallQueries.words(kind, text),
        RecallQueries.pathWords(text), limit, where);
    if (files.isEmpty()) {
      return List.of();
    }
    List<BytesRef> paths = files.stream().map(f -> new BytesRef(f.path())).toList();
    Query inFiles = new BooleanQuery.Builder()
        .add(query, Occur.MUST)
        .add(new TermInSetQuery(ChunkDocuments.PATH, paths), Occur.FILTER)
        .build();
    Map<String, FieldDoc> best = new HashMap<>();
    for (FieldDoc doc : bestPerFile(inFiles, files.size())) {
      best.put(path(doc), doc);
    }
    List<Hit> hits = new ArrayList<>(files.size());
    for (FileRanking.RankedFile file : files) {
      FieldDoc doc = best.get(file.path());
      if (doc != null) {
        hits.add(hitReader.hit(kind, doc.doc, (float) file.score(), null));
      }
    }
    return hits;
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

  /**
   * The hybrid pool: the BM25 ranking's first chunks, at least {@code minChunks} of them and, when
   * {@code minFiles} is above 0, enough to hold that many distinct files (so collapsing a re-ranked
   * pool to one chunk per file can still fill the limit). Fewer when the matches run out.
   */
  List<FieldDoc> pool(Query query, int minChunks, int minFiles) throws IOException {
    List<FieldDoc> pool = new ArrayList<>();
    Set<BytesRef> files = new HashSet<>();
    int page = Math.min(MAX_PAGE, Math.max(16, Math.max(minChunks, minFiles * OVERFETCH)));
    FieldDoc after = null;
    while (true) {
      TopFieldDocs top = searcher.searchAfter(after, query, page, RANKING, true);
      for (ScoreDoc scoreDoc : top.scoreDocs) {
        FieldDoc doc = (FieldDoc) scoreDoc;
        pool.add(doc);
        files.add((BytesRef) doc.fields[PATH_SORT_INDEX]);
        if (pool.size() >= minChunks && files.size() >= minFiles) {
          return pool;
        }
      }
      if (top.scoreDocs.length < page) {
        return pool;
      }
      after = (FieldDoc) top.scoreDocs[top.scoreDocs.length - 1];
      page = Math.min(MAX_PAGE, page * 2);
    }
  }

  static String path(FieldDoc doc) {
    return ((BytesRef) doc.fields[PATH_SORT_INDEX]).utf8ToString();
  }

  static int startLine(FieldDoc doc) {
    return (Integer) doc.fields[PATH_SORT_INDEX + 1];
  }
}
