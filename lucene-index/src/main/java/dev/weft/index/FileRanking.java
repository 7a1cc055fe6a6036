package dev.weft.index;

import dev.weft.context.Kind;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.PostingsEnum;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.Weight;
import org.apache.lucene.util.Bits;
import org.apache.lucene.search.Scorer;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.util.IntroSelector;
import org.apache.lucene.util.IntroSorter;

/**
 * Ranks whole files by BM25 as if each file were one document, computed from its chunks: a word's frequency in
 * a file is the sum over its chunks, a file's length the sum of its chunks' lengths, a word's document frequency
 * the number of files holding it, and the path (the same in every chunk) counts once. A query's words spread
 * over a file's sections then add up, as they do for a record of a dataset, instead of each section being
 * ranked alone (docs/quality.md, "The folder path").
 *
 * <p>Lengths come from the chunks' norms, which Lucene stores rounded (exact up to 40 words, within 1/8
 * above), the same rounding BM25 itself reads. Every posting of each query word is visited (no top-k pruning):
 * linear in the matches, which is what lets a file's scattered matches be summed. The files are the reader's
 * dense ids ({@link FileOrdinals}, built once per generation), so a match costs an array read and an add, and
 * only the best {@code limit} files become strings and records.
 */
final class FileRanking {
  /** Lucene's defaults, which chunk ranking uses too. */
  static final double K1 = 1.2;
  static final double B = 0.75;

  private final IndexSearcher searcher;

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

  /**
   * The files with a chunk of this kind matching any word, best first (ties by path), at most {@code limit}.
   *
   * @param words the analysed words of the text (and symbol) fields
   * @param pathWords the analysed words of the path field
   */
  List<RankedFile> rank(Kind kind, Set<String> words, Set<String> pathWords, int limit) throws IOException {
    return rank(kind, words, pathWords, limit, null);
  }

  /**
   * As {@link #rank(Kind, Set, Set, int)}, over only the files whose chunks {@code where} matches (null: every
   * file). Metadata is an item's, the same on each of its chunks, so a file passes or fails whole; the BM25
   * statistics stay the corpus's, as a filter clause leaves them in chunk ranking.
   */
  List<RankedFile> rank(Kind kind, Set<String> words, Set<String> pathWords, int limit, Query where)
      throws IOException {
    FileOrdinals files = FileOrdinals.of(searcher.getIndexReader());
    boolean[] allowed = where == null ? null : allowed(files, where);
    Sums scores = new Sums(files.fileCount());
    Frequencies frequencies = new Frequencies(files.fileCount());
    add(files, frequencies, scores, ChunkDocuments.textField(kind), words, 1.0, true, allowed);
    float symbolBoost = RecallQueries.symbolBoost(kind);
    if (symbolBoost > 0) {
      add(files, frequencies, scores, ChunkDocuments.symbolField(kind), words, symbolBoost, true, allowed);
    }
    // path_tokens is shared by every kind: only the files that already matched as this kind are scored; the
    // path's sum is added whole after the text's, as the per-file sums were always ordered
    float pathBoost = RecallQueries.pathBoost(kind);
    if (pathBoost > 0 && !pathWords.isEmpty()) {
      Sums pathScores = new Sums(files.fileCount());
      add(files, frequencies, pathScores, ChunkDocuments.PATH_TOKENS, pathWords, pathBoost, false, allowed);
      for (int i = 0; i < pathScores.count; i++) {
        int file = pathScores.files[i];
        if (scores.held[file]) {
          scores.score[file] += pathScores.score[file];
        }
      }
    }
    return best(files, scores, limit);
  }

  /**
   * Adds each file's BM25 for these words on one field. {@code summed}: a file's frequency and length are the
   * sums over its chunks; else one chunk stands for the file (the path, identical in each).
   */
  /** The files one of whose chunks {@code where} matches, by file ordinal. */
  private boolean[] allowed(FileOrdinals files, Query where) throws IOException {
    boolean[] allowed = new boolean[files.fileCount()];
    Weight weight = searcher.createWeight(searcher.rewrite(where), ScoreMode.COMPLETE_NO_SCORES, 1f);
    for (LeafReaderContext leaf : searcher.getIndexReader().leaves()) {
      Scorer scorer = weight.scorer(leaf);
      if (scorer == null) {
        continue;
      }
      int[] fileOf = files.fileOfDoc(leaf.ord);
      Bits live = leaf.reader().getLiveDocs(); // a scorer visits deleted documents too
      DocIdSetIterator docs = scorer.iterator();
      for (int doc = docs.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS; doc = docs.nextDoc()) {
        if (fileOf[doc] >= 0 && (live == null || live.get(doc))) {
          allowed[fileOf[doc]] = true;
        }
      }
    }
    return allowed;
  }

  private void add(FileOrdinals files, Frequencies frequency, Sums scores, String field, Set<String> words,
      double boost, boolean summed, boolean[] allowed) throws IOException {
    if (words.isEmpty()) {
      return;
    }
    FileOrdinals.Lengths lengths = files.lengths(field, summed);
    double fileCount = lengths.files();
    for (String word : words) {
      frequencies(files, frequency, field, word, summed);
      if (frequency.count == 0) {
        continue;
      }
      double idf = Math.log(1 + (fileCount - frequency.count + 0.5) / (frequency.count + 0.5));
      for (int i = 0; i < frequency.count; i++) {
        int file = frequency.files[i];
        if (allowed != null && !allowed[file]) {
          continue; // counted in the word's document frequency, as a filter leaves the statistics; not scored
        }
        long tf = frequency.tf[file];
        double length = lengths.byFile()[file];
        double norm = K1 * (1 - B + B * length / lengths.average());
        scores.add(file, boost * idf * tf / (tf + norm));
      }
    }
  }

  /** Fills {@code frequency} with each file's frequency of one word (its chunks' sum, or the largest). */
  private void frequencies(FileOrdinals files, Frequencies frequency, String field, String word, boolean summed)
      throws IOException {
    frequency.clear();
    Term term = new Term(field, word);
    for (LeafReaderContext leaf : searcher.getIndexReader().leaves()) {
      PostingsEnum postings = leaf.reader().postings(term, PostingsEnum.FREQS);
      if (postings == null) {
        continue;
      }
      int[] fileOf = files.fileOfDoc(leaf.ord);
      for (int doc = postings.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS; doc = postings.nextDoc()) {
        int file = fileOf[doc];
        if (file >= 0) {
          frequency.add(file, postings.freq(), summed);
        }
      }
    }
  }

  /** The best {@code limit} files, best first, ties by path (as strings compare, which is not the bytes' order). */
  private static List<RankedFile> best(FileOrdinals files, Sums scores, int limit) {
    int[] ids = scores.files;
    double[] score = scores.score;
    ByScore order = new ByScore(ids, score, files);
    int kept = Math.min(limit, scores.count);
    if (kept < scores.count) {
      order.selector().select(0, scores.count, kept);
    }
    order.sort(0, kept);
    List<RankedFile> ranked = new ArrayList<>(kept);
    for (int i = 0; i < kept; i++) {
      ranked.add(new RankedFile(files.path(ids[i]), score[ids[i]]));
    }
    return ranked;
  }

  /** Per-file sums over one field or more, and which files hold one, in the order they were first added. */
  private static final class Sums {
    final double[] score;
    final boolean[] held;
    final int[] files;
    int count;

    Sums(int fileCount) {
      score = new double[fileCount];
      held = new boolean[fileCount];
      files = new int[fileCount];
    }

    void add(int file, double value) {
      if (!held[file]) {
        held[file] = true;
        files[count++] = file;
      }
      score[file] += value;
    }
  }

  /** One word's per-file frequencies; cleared between words, touching only the files the last one matched. */
  private static final class Frequencies {
    final long[] tf;
    final int[] files;
    int count;

    Frequencies(int fileCount) {
      tf = new long[fileCount];
      files = new int[fileCount];
    }

    void add(int file, long freq, boolean summed) {
      long before = tf[file];
      if (before == 0) {
        files[count++] = file;
      }
      tf[file] = summed ? before + freq : Math.max(before, freq);
    }

    void clear() {
      for (int i = 0; i < count; i++) {
        tf[files[i]] = 0;
      }
      count = 0;
    }
  }

  /** Orders file ids by score, best first, then by path. */
  private static final class ByScore extends IntroSorter {
    private final int[] ids;
    private final double[] score;
    private final FileOrdinals files;
    private int pivot;

    ByScore(int[] ids, double[] score, FileOrdinals files) {
      this.ids = ids;
      this.score = score;
      this.files = files;
    }

    int compareIds(int a, int b) {
      int byScore = Double.compare(score[b], score[a]);
      return byScore != 0 ? byScore : files.path(a).compareTo(files.path(b));
    }

    @Override
    protected int compare(int i, int j) {
      return compareIds(ids[i], ids[j]);
    }

    @Override
    protected void swap(int i, int j) {
      int id = ids[i];
      ids[i] = ids[j];
      ids[j] = id;
    }

    @Override
    protected void setPivot(int i) {
      pivot = ids[i];
    }

    @Override
    protected int comparePivot(int j) {
      return compareIds(pivot, ids[j]);
    }

    /** Moves the best {@code k} to the front, unordered. */
    IntroSelector selector() {
      return new IntroSelector() {
        private int selectorPivot;

        @Override
        protected void swap(int i, int j) {
          ByScore.this.swap(i, j);
        }

        @Override
        protected void setPivot(int i) {
          selectorPivot = ids[i];
        }

        @Override
        protected int comparePivot(int j) {
          return compareIds(selectorPivot, ids[j]);
        }
      };
    }
  }
}
