package dev.weft.index;

import static dev.weft.index.TestCorpus.span;
import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.context.IndexLocation;
import dev.weft.context.Kind;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.index.PostingsEnum;
import org.apache.lucene.index.SortedDocValues;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.util.Bits;
import org.apache.lucene.util.SmallFloat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link FileRanking} sums into arrays over per-reader file ids; it must give exactly the scores and order of the
 * definition, summed in maps keyed by path ({@link #reference}: the computation it replaced), over several segments,
 * deleted chunks, ties and paths whose string order is not their UTF-8 order.
 */
class FileRankingEquivalenceTest {
  @TempDir Path temp;

  @Test
  void ranksFilesExactlyAsThePerPathSumsDo() throws IOException {
    TestCorpus corpus = new TestCorpus(temp.resolve("corpus"));
    try (CorpusIndex index = CorpusIndex.open(IndexLocation.of(temp.resolve("index")))) {
      String twin = "# Twin\n\nSorting a dictionary by value.\n\n# More\n\nA value and a key.\n";
      TestCorpus.publish(index, corpus.options(),
          doc(corpus, "a/guide.md", "# Guide\n\nSort the list.\n\n# Keys\n\nA dictionary maps a key to a value.\n"
              + "\n# Value\n\nvalue value value sort\n"),
          doc(corpus, "b/faq.md", "# FAQ\n\nHow do I sort a dictionary by value?\n"),
          // identical files tie; U+FF21 sorts after the emoji's surrogates as strings, before it as UTF-8 bytes
          doc(corpus, "\uFF21.md", twin), doc(corpus, "\uD83D\uDE00.md", twin), doc(corpus, "z.md", twin),
          code(corpus, "src/sort_util.py", "def sort_by_value(d):\n    return sorted(d.items())\n"),
          code(corpus, "src/keys.py", "def keys(d):\n    return list(d)\n"));
      // a second and third generation: more segments, and the replaced and deleted files' chunks deleted
      TestCorpus.publish(index, corpus.options(),
          doc(corpus, "b/faq.md", "# FAQ\n\nHow do I sort a dictionary by its value, or by key?\n"),
          doc(corpus, "c/long.md", "# Long\n\n" + "words without the query ".repeat(30) + "value\n"),
          code(corpus, "src/value.py", "def value_of(key):\n    return key\n\ndef sort(items):\n    pass\n"));
      try (IndexUpdate update = index.beginUpdate(corpus.options())) {
        update.delete("z.md");
        update.commit();
        update.publish(Map.of("deleted", 1L));
      }
      try (CorpusSearcher searcher = index.searcher()) {
        IndexSearcher lucene = new IndexSearcher(searcher.reader());
        assertThat(lucene.getIndexReader().leaves()).hasSizeGreaterThan(1);
        FileRanking ranking = new FileRanking(lucene);
        int compared = 0;
        for (Kind kind : Kind.values()) {
          for (String query : List.of("sort a dictionary by value", "value", "key sort", "twin more",
              "sort util value py", "nothing matches this")) {
            Set<String> words = RecallQueries.words(kind, query);
            Set<String> pathWords = RecallQueries.pathWords(query);
            for (int limit : new int[] {1, 2, 3, 4, 100}) {
              List<FileRanking.RankedFile> expected = reference(lucene, kind, words, pathWords, limit);
              assertThat(ranking.rank(kind, words, pathWords, limit))
                  .as("%s %s limit %d", kind, query, limit)
                  .containsExactlyElementsOf(expected);
              compared += expected.size();
            }
          }
        }
        assertThat(compared).isGreaterThan(50);
        // the ties and the deletion are really exercised
        List<FileRanking.RankedFile> twins = ranking.rank(Kind.DOC, RecallQueries.words(Kind.DOC, "twin"),
            Set.of(), 10);
        assertThat(twins).extracting(FileRanking.RankedFile::path).containsExactly("\uD83D\uDE00.md", "\uFF21.md");
        assertThat(twins.get(0).score()).isEqualTo(twins.get(1).score());
      }
    }
  }

  @Test
  void aReadersFileIdsAreDroppedWhenItCloses() throws IOException {
    TestCorpus corpus = new TestCorpus(temp.resolve("corpus"));
    IndexReader.CacheKey key;
    try (CorpusIndex index = CorpusIndex.open(IndexLocation.of(temp.resolve("index")))) {
      TestCorpus.publish(index, corpus.options(), doc(corpus, "a.md", "# A\n\nvalue\n"));
      try (CorpusSearcher searcher = index.searcher()) {
        IndexReader reader = searcher.reader();
        key = reader.getReaderCacheHelper().getKey();
        assertThat(FileOrdinals.of(reader)).isSameAs(FileOrdinals.of(reader));
        assertThat(FileOrdinals.holds(key)).isTrue();
      }
    }
    assertThat(FileOrdinals.holds(key)).isFalse();
  }

  private static TestCorpus.Indexed doc(TestCorpus corpus, String path, String content) {
    List<TestCorpus.Span> spans = new ArrayList<>();
    String[] lines = content.split("\n", -1);
    for (int start = 0; start < lines.length - 1; start += 4) {
      spans.add(span(lines[start], "section", start, Math.min(start + 3, lines.length - 1)));
    }
    return corpus.file(path, Kind.DOC, "markdown", content, spans.toArray(TestCorpus.Span[]::new));
  }

  private static TestCorpus.Indexed code(TestCorpus corpus, String path, String content) {
    return corpus.file(path, Kind.CODE, "python", content);
  }

  /** The computation FileRanking replaced, summed in maps keyed by path: the definition of its scores. */
  private static List<FileRanking.RankedFile> reference(IndexSearcher searcher, Kind kind, Set<String> words,
      Set<String> pathWords, int limit) throws IOException {
    Map<String, Double> scores = new HashMap<>();
    add(searcher, scores, ChunkDocuments.textField(kind), words, 1.0, true);
    if (RecallQueries.symbolBoost(kind) > 0) {
      add(searcher, scores, ChunkDocuments.symbolField(kind), words, RecallQueries.symbolBoost(kind), true);
    }
    Map<String, Double> pathScores = new HashMap<>();
    if (RecallQueries.pathBoost(kind) > 0) {
      add(searcher, pathScores, ChunkDocuments.PATH_TOKENS, pathWords, RecallQueries.pathBoost(kind), false);
    }
    pathScores.forEach((path, score) -> scores.computeIfPresent(path, (p, s) -> s + score));
    List<FileRanking.RankedFile> ranked = new ArrayList<>();
    scores.forEach((path, score) -> ranked.add(new FileRanking.RankedFile(path, score)));
    ranked.sort(Comparator.comparingDouble(FileRanking.RankedFile::score).reversed()
        .thenComparing(FileRanking.RankedFile::path));
    return ranked.subList(0, Math.min(limit, ranked.size()));
  }

  private static void add(IndexSearcher searcher, Map<String, Double> scores, String field, Set<String> words,
      double boost, boolean summed) throws IOException {
    if (words.isEmpty()) {
      return;
    }
    Map<String, Long> lengths = perFile(searcher, field, null, summed);
    double files = lengths.size();
    double average = lengths.isEmpty() ? 1
        : Math.max(1.0, (double) lengths.values().stream().mapToLong(Long::longValue).sum() / lengths.size());
    for (String word : words) {
      Map<String, Long> frequency = perFile(searcher, field, word, summed);
      if (frequency.isEmpty()) {
        continue;
      }
      double idf = Math.log(1 + (files - frequency.size() + 0.5) / (frequency.size() + 0.5));
      frequency.forEach((path, tf) -> {
        double length = lengths.getOrDefault(path, 0L);
        double norm = FileRanking.K1 * (1 - FileRanking.B + FileRanking.B * length / average);
        scores.merge(path, boost * idf * tf / (tf + norm), Double::sum);
      });
    }
  }

  /**
   * Per path: a word's frequency, or (word null) the field's length from the norms; summed or the largest. A file
   * has a length when a document of it has at least one token in the field (a norm above 0), as Lucene's own BM25
   * counts a field's documents: every document carries every text field, empty ones with a norm of 0.
   */
  private static Map<String, Long> perFile(IndexSearcher searcher, String field, String word, boolean summed)
      throws IOException {
    Map<String, Long> byFile = new HashMap<>();
    for (LeafReaderContext leaf : searcher.getIndexReader().leaves()) {
      PostingsEnum postings = word == null ? null : leaf.reader().postings(new Term(field, word), PostingsEnum.FREQS);
      NumericDocValues norms = word == null ? leaf.reader().getNormValues(field) : null;
      DocIdSetIterator docs = word == null ? norms : postings;
      if (docs == null) {
        continue;
      }
      SortedDocValues paths = leaf.reader().getSortedDocValues(ChunkDocuments.PATH);
      Bits live = leaf.reader().getLiveDocs();
      for (int doc = docs.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS; doc = docs.nextDoc()) {
        if ((live != null && !live.get(doc)) || !paths.advanceExact(doc) || (word == null && norms.longValue() == 0)) {
          continue;
        }
        long value = word == null ? SmallFloat.byte4ToInt((byte) norms.longValue()) : postings.freq();
        byFile.merge(paths.lookupOrd(paths.ordValue()).utf8ToString(), value, summed ? Long::sum : Math::max);
      }
    }
    return byFile;
  }
}
