package dev.weft.index;

import static dev.weft.index.TestCorpus.embedded;
import static dev.weft.index.TestCorpus.span;
import static dev.weft.index.TestCorpus.vector;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.weft.context.Hit;
import dev.weft.context.IndexLocation;
import dev.weft.context.Kind;
import dev.weft.context.QueryVector;
import dev.weft.context.RecallMode;
import dev.weft.context.RecallRequest;
import dev.weft.context.RecallResult;
import dev.weft.context.embed.EmbedderIdentity;
import dev.weft.context.fusion.FusionRule;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class VectorRecallTest {
  private static final EmbedderIdentity MINI = new EmbedderIdentity("mini", 4);
  private static final QueryVector TOWARDS_Y = new QueryVector(MINI, vector(0, 1, 0, 0));

  @TempDir Path temp;
  private TestCorpus corpus;
  private TestCorpus.Indexed a;
  private TestCorpus.Indexed b;
  private TestCorpus.Indexed c;
  private TestCorpus.Indexed d;
  private TestCorpus.Indexed guide;
  private TestCorpus.Indexed other;
  private CorpusIndex index;
  private CorpusSearcher searcher;

  @BeforeEach
  void indexCorpus() {
    corpus = new TestCorpus(temp.resolve("corpus"));
    a = corpus.file("src/A.java", Kind.CODE, "java", "parse parse parse");
    b = corpus.file("src/B.java", Kind.CODE, "java", "parse tokens");
    c = corpus.file("src/C.java", Kind.CODE, "java", "parse other words here today");
    d = corpus.file("src/D.java", Kind.CODE, "java", "lexer one\nlexer two",
        span("one", "method", 0, 0), span("two", "method", 1, 1));
    guide = corpus.file("docs/guide.md", Kind.DOC, "markdown", "parse guide");
    other = corpus.file("docs/other.md", Kind.DOC, "markdown", "unrelated prose");
    index = CorpusIndex.open(IndexLocation.of(temp.resolve("index")));
    TestCorpus.publish(index, corpus.options(),
        embedded(a, MINI, vector(1, 0, 0, 0)),
        embedded(b, MINI, vector(0, 1, 0, 0)),
        embedded(c, MINI, (float[]) null),
        embedded(d, MINI, vector(0.6f, 0.8f, 0, 0), vector(0.8f, 0.6f, 0, 0)),
        embedded(guide, MINI, vector(0, 2, 0, 0)),
        embedded(other, MINI, vector(0, 0, 1, 0)));
    searcher = index.searcher();
  }

  @AfterEach
  void close() {
    searcher.close();
    index.close();
  }

  private static RecallRequest request(String query, Kind kind, int limit, boolean onePerFile, RecallMode mode) {
    return new RecallRequest(query, Set.of(kind), limit, onePerFile).withMode(mode);
  }

  private static List<String> pointers(List<Hit> hits) {
    return hits.stream().map(hit -> hit.path() + ":" + hit.chunk().startLine()).toList();
  }

  @Test
  void denseRecallReturnsTheNearestNeighboursOfEachKind() {
    RecallResult result = searcher.recall(RecallRequest.of("").withMode(RecallMode.DENSE), TOWARDS_Y);
    assertThat(pointers(result.groups().get(Kind.CODE)))
        .containsExactly("src/B.java:0", "src/D.java:0", "src/A.java:0");
    assertThat(pointers(result.groups().get(Kind.DOC))).containsExactly("docs/guide.md:0", "docs/other.md:0");
    List<Hit> code = result.groups().get(Kind.CODE);
    assertThat(code).allMatch(hit -> hit.kind() == Kind.CODE);
    assertThat(code.get(0).cosine()).isCloseTo(1f, within(1e-6f));
    assertThat(code.get(1).cosine()).isCloseTo(0.8f, within(1e-6f));
    assertThat(code.get(2).cosine()).isCloseTo(0f, within(1e-6f));
    // Lucene's cosine score is (1 + cosine) / 2
    assertThat(code.get(1).score()).isCloseTo(0.9f, within(1e-6f));
    // not normalised by the index: guide.md's vector is (0, 2, 0, 0) and still has cosine 1
    assertThat(result.groups().get(Kind.DOC).get(0).cosine()).isCloseTo(1f, within(1e-6f));
  }

  @Test
  void denseRecallCollapsesToOneChunkPerFileUnlessAskedForEveryChunk() {
    assertThat(pointers(searcher.recall(request("", Kind.CODE, 0, false, RecallMode.DENSE), TOWARDS_Y).hits()))
        .containsExactly("src/B.java:0", "src/D.java:0", "src/D.java:1", "src/A.java:0");
    assertThat(pointers(searcher.recall(request("", Kind.CODE, 2, true, RecallMode.DENSE), TOWARDS_Y).hits()))
        .containsExactly("src/B.java:0", "src/D.java:0");
  }

  @Test
  void hybridReRanksTheLexicalPoolByCosine() {
    List<Hit> lexical = searcher.recall(request("parse", Kind.CODE, 0, true, RecallMode.BM25)).hits();
    assertThat(pointers(lexical)).containsExactly("src/A.java:0", "src/B.java:0", "src/C.java:0");
    assertThat(lexical).allMatch(hit -> hit.cosine() == null);
    float sa = lexical.get(0).score();
    float sb = lexical.get(1).score();
    float sc = lexical.get(2).score();

    List<Hit> hybrid = searcher.recall(request("parse", Kind.CODE, 0, true, RecallMode.HYBRID).withEmbedWeight(1.0)
        .withKnnCandidates(0), TOWARDS_Y).hits();
    // weight 1 — A: 1 + 1 * 0; B: (sb - sc) / (sa - sc) + 1 * 1; C: 0 + nothing (no vector)
    assertThat(pointers(hybrid)).containsExactly("src/B.java:0", "src/A.java:0", "src/C.java:0");
    assertThat(hybrid.get(0).score()).isCloseTo((sb - sc) / (sa - sc) + 1, within(1e-5f));
    assertThat(hybrid.get(1).score()).isCloseTo(1f, within(1e-6f));
    assertThat(hybrid.get(2).score()).isZero();
    assertThat(hybrid.get(0).cosine()).isCloseTo(1f, within(1e-6f));
    assertThat(hybrid.get(1).cosine()).isCloseTo(0f, within(1e-6f));
    assertThat(hybrid.get(2).cosine()).isNull();
  }

  @Test
  void hybridFusesByTheRequestsRule() {
    RecallRequest request = request("parse", Kind.CODE, 0, true, RecallMode.HYBRID).withEmbedWeight(2.0)
        .withKnnCandidates(0);
    assertThat(request.fusion()).isEqualTo(FusionRule.MINMAX);
    List<Hit> rrf = searcher.recall(request.withFusion(FusionRule.RRF), TOWARDS_Y).hits();
    // BM25 ranks A 1, B 2, C 3; cosine ranks B 1, A 2, C none: 1 / (60 + rank) each, the cosine's times 2
    assertThat(pointers(rrf)).containsExactly("src/B.java:0", "src/A.java:0", "src/C.java:0");
    assertThat(rrf.get(0).score()).isCloseTo(1f / 62 + 2f / 61, within(1e-6f));
    assertThat(rrf.get(1).score()).isCloseTo(1f / 61 + 2f / 62, within(1e-6f));
    assertThat(rrf.get(2).score()).isCloseTo(1f / 63, within(1e-6f));
    List<Hit> zscore = searcher.recall(request.withFusion(FusionRule.ZSCORE), TOWARDS_Y).hits();
    // cosines 1 and 0 over B and A: z +1 and -1, C without a vector gets the lowest, -1
    assertThat(zscore.get(2).path()).isEqualTo("src/C.java");
    assertThat(zscore.get(0).score() - zscore.get(1).score()).isGreaterThan(0f);
  }

  @Test
  void hybridWithWeightZeroKeepsTheLexicalOrder() {
    RecallRequest request = request("parse", Kind.CODE, 0, true, RecallMode.HYBRID).withEmbedWeight(0)
        .withKnnCandidates(0);
    assertThat(pointers(searcher.recall(request, TOWARDS_Y).hits()))
        .containsExactly("src/A.java:0", "src/B.java:0", "src/C.java:0");
  }

  @Test
  void hybridWithoutNeighboursOnlyReRanksThePool() {
    // a pool of one holds only A, the best BM25 chunk, however close B is to the query vector
    RecallRequest request = request("parse", Kind.CODE, 1, true, RecallMode.HYBRID).withPoolSize(1)
        .withKnnCandidates(0);
    assertThat(pointers(searcher.recall(request, TOWARDS_Y).hits())).containsExactly("src/A.java:0");
    assertThat(pointers(searcher.recall(request.withPoolSize(50), TOWARDS_Y).hits()))
        .containsExactly("src/B.java:0");
  }

  @Test
  void hybridJoinsTheNearestNeighboursToThePool() {
    // D has no "parse" but its first chunk is close to the query vector: a neighbour with no lexical part
    List<Hit> hybrid = searcher.recall(request("parse", Kind.CODE, 0, true, RecallMode.HYBRID).withEmbedWeight(1.0),
        TOWARDS_Y).hits();
    // cosines in the candidates: A 0, B 1, D:0 0.8, D:1 0.6 -> D:0 scores 0 + 1 * 0.8, above C's 0
    assertThat(pointers(hybrid)).containsExactly("src/B.java:0", "src/A.java:0", "src/D.java:0", "src/C.java:0");
    assertThat(hybrid.get(2).score()).isCloseTo(0.8f, within(1e-6f));
    assertThat(hybrid.get(2).cosine()).isCloseTo(0.8f, within(1e-6f));
    // a pool of one (A) and one neighbour (B): B wins on its cosine, though BM25 alone never reached it
    RecallRequest narrow = request("parse", Kind.CODE, 1, true, RecallMode.HYBRID).withEmbedWeight(2.0)
        .withPoolSize(1).withKnnCandidates(1);
    assertThat(pointers(searcher.recall(narrow, TOWARDS_Y).hits())).containsExactly("src/B.java:0");
    assertThat(pointers(searcher.recall(narrow.withKnnCandidates(0), TOWARDS_Y).hits()))
        .containsExactly("src/A.java:0");
  }

  @Test
  void hybridKindsAreRankedApart() {
    RecallResult result = searcher.recall(RecallRequest.of("parse").withMode(RecallMode.HYBRID), TOWARDS_Y);
    // other.md joins as a neighbour of its own kind; no code chunk does
    assertThat(pointers(result.groups().get(Kind.DOC))).containsExactly("docs/guide.md:0", "docs/other.md:0");
    assertThat(result.groups().get(Kind.CODE)).hasSize(4).allMatch(hit -> hit.kind() == Kind.CODE);
    RecallResult poolOnly = searcher.recall(RecallRequest.of("parse").withMode(RecallMode.HYBRID)
        .withKnnCandidates(0), TOWARDS_Y);
    assertThat(pointers(poolOnly.groups().get(Kind.DOC))).containsExactly("docs/guide.md:0");
  }

  @Test
  void bm25IsTheSameWithOrWithoutVectors() {
    try (CorpusIndex plain = CorpusIndex.open(IndexLocation.of(temp.resolve("plain")))) {
      TestCorpus.publish(plain, corpus.options(), a, b, c, d, guide, other);
      try (CorpusSearcher plainSearcher = plain.searcher()) {
        for (String query : List.of("parse", "lexer two", "guide prose")) {
          RecallRequest request = RecallRequest.of(query);
          assertThat(searcher.recall(request, TOWARDS_Y)).isEqualTo(plainSearcher.recall(request));
        }
      }
    }
  }

  @Test
  void requestsValidateModePoolAndWeight() {
    RecallRequest request = RecallRequest.of("x");
    assertThat(request.mode()).isEqualTo(RecallMode.BM25);
    assertThat(request.poolSize()).isEqualTo(200);
    assertThat(request.embedWeight()).isEqualTo(6.0);
    assertThat(request.knnCandidates()).isEqualTo(100);
    assertThatThrownBy(() -> request.withKnnCandidates(-1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("knn candidates must be between 0 and 10000, got: -1");
    assertThatThrownBy(() -> request.withPoolSize(0))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("pool size must be at least 1, got: 0");
    assertThatThrownBy(() -> request.withPoolSize(10_001))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("pool size must be at most 10000, got: 10001");
    assertThatThrownBy(() -> request.withEmbedWeight(-0.5))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("embedWeight must be a finite number at least 0, got: -0.5");
    assertThatThrownBy(() -> request.withEmbedWeight(Double.POSITIVE_INFINITY))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("got: Infinity");
    assertThat(RecallMode.parse(" Hybrid ")).isEqualTo(RecallMode.HYBRID);
    assertThatThrownBy(() -> RecallMode.parse("knn"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("recall mode must be one of bm25, dense, hybrid; got: knn");
    assertThatThrownBy(() -> new QueryVector(MINI, vector(1, 0)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("query vector must have the 4 dims of mini/4, got: 2");
  }
}
