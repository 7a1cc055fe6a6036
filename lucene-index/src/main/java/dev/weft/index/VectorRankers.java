package dev.weft.index;

import dev.weft.context.Hit;
import dev.weft.context.Kind;
import dev.weft.context.QueryVector;
import dev.weft.context.fusion.FilePrior;
import dev.weft.context.fusion.FusedCandidate;
import dev.weft.context.fusion.FusionRule;
import dev.weft.context.fusion.ScoredCandidate;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.FieldDoc;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;

/**
 * Dense (nearest neighbours, {@link NearestNeighbours}) and hybrid (BM25 pool and nearest neighbours fused with
 * cosines) rankings of one kind. The caller has checked the query vector's identity against the index.
 */
final class VectorRankers {
  /** Neighbours fetched per distinct file wanted, before fetching deeper. */
  private static final int OVERFETCH = 4;
  /** HNSW cost grows with k; a query that needs more distinct files than this stops short. */
  private static final int MAX_K = 4096;

  private final IndexSearcher searcher;
  private final Ranker ranker;
  private final HitReader hitReader;
  private final double filePrior;

  VectorRankers(IndexSearcher searcher, Ranker ranker) {
    this(searcher, ranker, FilePrior.DEFAULT_WEIGHT);
  }

  /** With another file-prior weight (0 turns it off): how tests compare the ranking with and without it. */
  VectorRankers(IndexSearcher searcher, Ranker ranker, double filePrior) {
    this.searcher = searcher;
    this.ranker = ranker;
    this.hitReader = new HitReader(searcher.getIndexReader());
    this.filePrior = filePrior;
  }

  /**
   * Nearest neighbours among the kind's chunks. One per file asks for {@code limit x 4} neighbours and
   * doubles k until {@code limit} distinct files are found or the kind's vectors run out.
   * A hit's score is Lucene's KNN score, {@code (1 + cosine) / 2}; its cosine the raw one.
   */
  List<Hit> dense(Kind kind, int limit, boolean onePerFile, QueryVector query, Query where) {
    String field = ChunkDocuments.vectorField(query.identity());
    Query filter = RecallQueries.filter(kind, where);
    int k = onePerFile ? Math.min(MAX_K, Math.max(limit, Math.max(16, limit * OVERFETCH))) : limit;
    try {
      while (true) {
        TopDocs top = NearestNeighbours.search(searcher, NearestNeighbours.query(field, query.vector(), k, filter), k);
        List<RankedChunk> found = new ArrayList<>(top.scoreDocs.length);
        for (ScoreDoc doc : top.scoreDocs) {
          found.add(new RankedChunk(doc.doc, hitReader.path(doc.doc), hitReader.startLine(doc.doc), doc.score, null));
        }
        List<RankedChunk> kept = RankedChunk.cut(found, limit, onePerFile);
        if (!onePerFile || kept.size() >= limit || top.scoreDocs.length < k || k >= MAX_K) {
          return hits(kind, withCosines(kept, field, query));
        }
        k = Math.min(MAX_K, k * 2);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot run dense recall of " + kind.id(), e);
    }
  }

  /**
   * The BM25 pool ({@code poolSize} chunks, more when one per file needs {@code limit} distinct files)
   * joined by the {@code max(knnCandidates, limit)} nearest neighbours among the kind's chunks (none when
   * {@code knnCandidates} is 0), fused by the request's {@link FusionRule}: a neighbour outside the pool has no lexical
   * part, a chunk without a vector no cosine part; every chunk (not one per file) then lifted by the
   * {@link FilePrior} over the candidates (one per file it would change no order). A hit's score is that score,
   * its cosine the raw one.
   * A text without a searchable word finds nothing, as in BM25 mode.
   */
  List<Hit> hybrid(Kind kind, String text, int limit, boolean onePerFile, int poolSize, double embedWeight,
      int knnCandidates, FusionRule fusion, QueryVector query, Query where) {
    Optional<Query> lexical = RecallQueries.build(kind, text, where);
    if (lexical.isEmpty()) {
      return List.of();
    }
    String field = ChunkDocuments.vectorField(query.identity());
    try {
      Map<Integer, Located> located = new LinkedHashMap<>();
      Map<Integer, Float> lexicalScores = new HashMap<>();
      for (FieldDoc doc : ranker.pool(lexical.get(), Math.max(poolSize, limit), onePerFile ? limit : 0)) {
        located.put(doc.doc, new Located(doc.doc, Ranker.path(doc), Ranker.startLine(doc)));
        lexicalScores.put(doc.doc, doc.score);
      }
      if (knnCandidates > 0) {
        int k = Math.min(MAX_K, Math.max(knnCandidates, limit));
        Query filter = RecallQueries.filter(kind, where);
        Query knn = NearestNeighbours.query(field, query.vector(), k, filter);
        for (ScoreDoc doc : NearestNeighbours.search(searcher, knn, k).scoreDocs) {
          if (!located.containsKey(doc.doc)) {
            located.put(doc.doc, new Located(doc.doc, hitReader.path(doc.doc), hitReader.startLine(doc.doc)));
          }
        }
      }
      int[] docs = located.keySet().stream().mapToInt(Integer::intValue).toArray();
      Float[] cosines = VectorReads.cosines(searcher.getIndexReader(), field, docs, query.vector());
      List<ScoredCandidate<Located>> candidates = new ArrayList<>(docs.length);
      for (int i = 0; i < docs.length; i++) {
        candidates.add(new ScoredCandidate<>(located.get(docs[i]), lexicalScores.get(docs[i]), cosines[i]));
      }
      List<RankedChunk> fused = new ArrayList<>(docs.length);
      // one per file, the prior would scale each file's best chunk alike and change no order: skip it there
      List<FusedCandidate<Located>> scored = FilePrior.apply(
          fusion.fusion().fuse(candidates, embedWeight), Located::path, onePerFile ? 0 : filePrior);
      for (FusedCandidate<Located> candidate : scored) {
        Located chunk = candidate.item();
        fused.add(new RankedChunk(chunk.doc(), chunk.path(), chunk.startLine(), candidate.score(),
            candidate.cosine()));
      }
      return hits(kind, RankedChunk.cut(fused, limit, onePerFile));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot run hybrid recall of " + kind.id() + " for: " + text, e);
    }
  }

  /** Where a candidate chunk is, as the ranking order needs it. */
  private record Located(int doc, String path, int startLine) {}

  private List<RankedChunk> withCosines(List<RankedChunk> chunks, String field, QueryVector query)
      throws IOException {
    int[] docs = chunks.stream().mapToInt(RankedChunk::doc).toArray();
    Float[] cosines = VectorReads.cosines(searcher.getIndexReader(), field, docs, query.vector());
    List<RankedChunk> with = new ArrayList<>(chunks.size());
    for (int i = 0; i < chunks.size(); i++) {
      RankedChunk chunk = chunks.get(i);
      with.add(new RankedChunk(chunk.doc(), chunk.path(), chunk.startLine(), chunk.score(), cosines[i]));
    }
    return with;
  }

  private List<Hit> hits(Kind kind, List<RankedChunk> chunks) throws IOException {
    List<Hit> hits = new ArrayList<>(chunks.size());
    for (RankedChunk chunk : chunks) {
      hits.add(hitReader.hit(kind, chunk.doc(), (float) chunk.score(), chunk.cosine()));
    }
    return hits;
  }
}
