package dev.weft.index;

import static dev.weft.index.TestCorpus.embedded;
import static dev.weft.index.TestCorpus.vector;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.context.IndexLocation;
import dev.weft.context.Kind;
import dev.weft.context.embed.EmbedderIdentity;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.search.TotalHits;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class VectorSelfRecallTest {
  private static final EmbedderIdentity MINI = new EmbedderIdentity("mini", 4);

  @TempDir Path temp;

  private static TopDocs scores(float... scores) {
    ScoreDoc[] docs = new ScoreDoc[scores.length];
    for (int i = 0; i < scores.length; i++) {
      docs[i] = new ScoreDoc(i, scores[i]);
    }
    return new TopDocs(new TotalHits(scores.length, TotalHits.Relation.EQUAL_TO), docs);
  }

  @Test
  void countsTheSearchedHitsAsNearAsExactSearchsKth() {
    assertThat(VectorSelfRecall.found(scores(0.9f, 0.8f, 0.7f), scores(0.9f, 0.7f, 0.6f), 3)).isEqualTo(2);
    // another chunk as near as the k-th (a duplicate) is as good an answer as the k-th itself
    assertThat(VectorSelfRecall.found(scores(1f, 1f, 0.7f), scores(1f, 0.7f, 0.7f), 3)).isEqualTo(3);
    assertThat(VectorSelfRecall.found(scores(0.9f), scores(), 1)).isZero();
    // an index of fewer than k vectors: all of them are the neighbours there are
    assertThat(VectorSelfRecall.found(scores(0.9f, 0.5f), scores(0.9f, 0.5f), 10)).isEqualTo(2);
  }

  @Test
  void samplesEveryLiveVectorOnceAndFindsThemAll() {
    TestCorpus corpus = new TestCorpus(temp.resolve("corpus"));
    TestCorpus.Indexed a = corpus.file("src/A.java", Kind.CODE, "java", "a");
    TestCorpus.Indexed b = corpus.file("src/B.java", Kind.CODE, "java", "b");
    TestCorpus.Indexed c = corpus.file("src/C.java", Kind.CODE, "java", "c");
    try (CorpusIndex index = CorpusIndex.open(IndexLocation.of(temp.resolve("index")))) {
      TestCorpus.publish(index, corpus.options(), embedded(a, MINI, vector(1, 0, 0, 0)),
          embedded(b, MINI, vector(0, 1, 0, 0)), embedded(c, MINI, (float[]) null));
      // B again: its first document is deleted and must not be sampled
      TestCorpus.publish(index, corpus.options(), embedded(b, MINI, vector(0, 1, 1, 0)));
      try (CorpusSearcher searcher = index.searcher()) {
        SelfRecall recall = VectorSelfRecall.sample(searcher.reader(), 100, 10, 1);
        assertThat(recall).isEqualTo(new SelfRecall(2, 10, 4, 1.0));
        assertThat(searcher.selfRecall(100, 1, 1, KnnSearch.GRAPH)).isEqualTo(new SelfRecall(2, 1, 2, 1.0));
        // the deleted B counts until a merge drops it, and whether one ran is Lucene's choice
        assertThat(searcher.vectorsPerSegment()).isSortedAccordingTo(Comparator.reverseOrder())
            .allMatch(count -> count > 0);
        assertThat(searcher.vectorsPerSegment().stream().mapToInt(Integer::intValue).sum()).isBetween(2, 3);
      }
    }
  }

  @Test
  void theSameSeedDrawsTheSameSample() throws Exception {
    TestCorpus corpus = new TestCorpus(temp.resolve("corpus"));
    TestCorpus.Embedded[] files = new TestCorpus.Embedded[40];
    for (int i = 0; i < files.length; i++) {
      files[i] = embedded(corpus.file("src/F" + i + ".java", Kind.CODE, "java", "f" + i), MINI,
          vector(1, i, 0, 0));
    }
    try (CorpusIndex index = CorpusIndex.open(IndexLocation.of(temp.resolve("index")))) {
      TestCorpus.publish(index, corpus.options(), files);
      try (CorpusSearcher searcher = index.searcher()) {
        List<Integer> first = docs(SampledVectors.draw(searcher.reader(), 10, 5));
        assertThat(first).hasSize(10).doesNotHaveDuplicates().isSorted();
        assertThat(docs(SampledVectors.draw(searcher.reader(), 10, 5))).isEqualTo(first);
        assertThat(docs(SampledVectors.draw(searcher.reader(), 10, 6))).isNotEqualTo(first);
      }
    }
  }

  private static List<Integer> docs(List<SampledVectors.Sampled> sampled) {
    return sampled.stream().map(SampledVectors.Sampled::doc).toList();
  }

  @Test
  void refusesAnEmptySampleAndANonPositiveK() {
    assertThatThrownBy(() -> VectorSelfRecall.sample(null, 10, 0, 1))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("k must be at least 1, got: 0");
    assertThatThrownBy(() -> SampledVectors.draw(null, 0, 1))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("sample must be at least 1, got: 0");
    assertThatThrownBy(() -> new SelfRecall(1, 10, 11, 1.1)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void latencyFiguresAreTheMedianAndThe95thPercentile() {
    long[] nanos = new long[20];
    for (int i = 0; i < nanos.length; i++) {
      nanos[i] = (20 - i) * 1_000_000L;
    }
    long[] cpu = new long[20];
    for (int i = 0; i < cpu.length; i++) {
      cpu[i] = (i + 1) * 500_000L;
    }
    KnnLatency.Figures figures = KnnLatency.figures(KnnSearch.EXACT, nanos, cpu);
    assertThat(figures).isEqualTo(new KnnLatency.Figures(KnnSearch.EXACT, 20, 10.0, 19.0, 5.0));
  }
}
