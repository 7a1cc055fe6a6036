package dev.weft.index;

import dev.weft.context.Kind;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.index.PostingsEnum;
import org.apache.lucene.index.SortedDocValues;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.util.Bits;
import org.apache.lucene.util.BytesRef;
import org.apache.lucene.util.SmallFloat;

/**
 * Ranks whole files by BM25 as if each file were one document, computed from its chunks: a word's frequency in
 * a file is the sum over its chunks, a file's length the sum of its chunks' lengths, a word's document frequency
 * the number of files holding it, and the path (the same in every chunk) counts once. A query's words spread
 * over a file's sections then add up, as they do for a record of a dataset, instead of each section being
 * ranked alone (docs/quality.md, "The folder path").
 *
 * <p>Lengths come from the chunks' norms, which Lucene stores rounded (exact up to 40 words, within 1/8
 * above), the same rounding BM25 itself reads. Every posting of each query word is visited (no top-k pruning):
 * linear in the matches, which is what lets a file's scattered matches be summed.
 */
final class FileRanking {
  /** Lucene's defaults, which chunk ranking uses too. */
  static final double K1 = 1.2;
  static final double B = 0.75;

  private final IndexSearcher searcher;
  private final Map<String, Lengths> lengthsByField = new HashMap<>();

  /**
   * Whether one hit per file ranks this kind's files as wholes. Doc files are read as wholes (a page, a record),
   * and a query's words spread over their sections: python-faq MRR@10 0.230 → 0.266 as a folder, 0.249 → 0.265
   * as a dataset. Code files are navigated by symbol, and there it was not better: file-level MRR@10 guava
   * +0.035, lucene +0.008, lang3 −0.007, python −0.005 (docs/quality.md); code keeps each file's best chunk.
   */
  static boolean ranksWholeFiles(Kind kind) {
    return kind == Kind.DOC;
  }

  FileRanking(IndexSearcher searcher) {
    this.searcher = searcher;
  }

  /** One ranked file. */
  record RankedFile(String path, double score) {}

  /** A field's per-file lengths and how many files hold it; read once per searcher. */
  private record Lengths(Map<String, Long> byFile, double average) {}

  /**
   * The files with a chunk of this kind matching any word, best first (ties by path), at most {@code limit}.
   *
   * @param words the analysed words of the text (and symbol) fields
   * @param pathWords the analysed words of the path field
   */
  List<RankedFile> rank(Kind kind, Set<String> words, Set<String> pathWords, int limit) throws IOException {
    Map<String, Double> scores = new HashMap<>();
    add(scores, ChunkDocuments.textField(kind), words, 1.0, true);
    float symbolBoost = RecallQueries.symbolBoost(kind);
    if (symbolBoost > 0) {
      add(scores, ChunkDocuments.symbolField(kind), words, symbolBoost, true);
    }
    // path_tokens is shared by every kind: only the files that already matched as this kind are scored
    Map<String, Double> pathScores = new HashMap<>();
    float pathBoost = RecallQueries.pathBoost(kind);
    if (pathBoost > 0) {
      add(pathScores, ChunkDocuments.PATH_TOKENS, pathWords, pathBoost, false);
    }
    pathScores.forEach((path, score) -> scores.computeIfPresent(path, (p, s) -> s + score));
    List<RankedFile> ranked = new ArrayList<>(scores.size());
    scores.forEach((path, score) -> ranked.add(new RankedFile(path, score)));
    ranked.sort(Comparator.comparingDouble(RankedFile::score).reversed().thenComparing(RankedFile::path));
    return ranked.size() <= limit ? ranked : new ArrayList<>(ranked.subList(0, limit));
  }

  /**
   * Adds each file's BM25 for these words on one field. {@code summed}: a file's frequency and length are the
   * sums over its chunks; else one chunk stands for the file (the path, identical in each).
   */
  private void add(Map<String, Double> scores, String field, Set<String> words, double boost, boolean summed)
      throws IOException {
    if (words.isEmpty()) {
      return;
    }
    Lengths lengths = lengths(field, summed);
    double files = lengths.byFile().size();
    for (String word : words) {
      Map<String, Long> frequency = frequencies(field, word, summed);
      if (frequency.isEmpty()) {
        continue;
      }
      double idf = Math.log(1 + (files - frequency.size() + 0.5) / (frequency.size() + 0.5));
      frequency.forEach((path, tf) -> {
        double length = lengths.byFile().getOrDefault(path, 0L);
        double norm = K1 * (1 - B + B * length / lengths.average());
        scores.merge(path, boost * idf * tf / (tf + norm), Double::sum);
      });
    }
  }

  private Map<String, Long> frequencies(String field, String word, boolean summed) throws IOException {
    Map<String, Long> frequency = new HashMap<>();
    Term term = new Term(field, word);
    for (LeafReaderContext leaf : searcher.getIndexReader().leaves()) {
      LeafReader reader = leaf.reader();
      PostingsEnum postings = reader.postings(term, PostingsEnum.FREQS);
      if (postings == null) {
        continue;
      }
      SortedDocValues paths = reader.getSortedDocValues(ChunkDocuments.PATH);
      Bits live = reader.getLiveDocs();
      Map<Integer, String> pathOfOrd = new HashMap<>();
      for (int doc = postings.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS; doc = postings.nextDoc()) {
        if ((live != null && !live.get(doc)) || !paths.advanceExact(doc)) {
          continue;
        }
        String path = pathOf(paths, pathOfOrd);
        long tf = postings.freq();
        frequency.merge(path, tf, summed ? Long::sum : Math::max);
      }
    }
    return frequency;
  }

  private synchronized Lengths lengths(String field, boolean summed) throws IOException {
    Lengths cached = lengthsByField.get(field);
    if (cached != null) {
      return cached;
    }
    Map<String, Long> byFile = new HashMap<>();
    for (LeafReaderContext leaf : searcher.getIndexReader().leaves()) {
      LeafReader reader = leaf.reader();
      NumericDocValues norms = reader.getNormValues(field);
      if (norms == null) {
        continue;
      }
      SortedDocValues paths = reader.getSortedDocValues(ChunkDocuments.PATH);
      Bits live = reader.getLiveDocs();
      Map<Integer, String> pathOfOrd = new HashMap<>();
      for (int doc = norms.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS; doc = norms.nextDoc()) {
        if ((live != null && !live.get(doc)) || !paths.advanceExact(doc)) {
          continue;
        }
        long length = SmallFloat.byte4ToInt((byte) norms.longValue());
        byFile.merge(pathOf(paths, pathOfOrd), length, summed ? Long::sum : Math::max);
      }
    }
    long total = byFile.values().stream().mapToLong(Long::longValue).sum();
    Lengths lengths = new Lengths(byFile, byFile.isEmpty() ? 1 : Math.max(1.0, (double) total / byFile.size()));
    lengthsByField.put(field, lengths);
    return lengths;
  }

  private static String pathOf(SortedDocValues paths, Map<Integer, String> pathOfOrd) throws IOException {
    int ord = paths.ordValue();
    String path = pathOfOrd.get(ord);
    if (path == null) {
      BytesRef bytes = paths.lookupOrd(ord);
      path = bytes.utf8ToString();
      pathOfOrd.put(ord, path);
    }
    return path;
  }
}
