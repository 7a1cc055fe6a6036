package dev.weft.index;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.weft.context.ChunkVectors;
import dev.weft.context.Hit;
import dev.weft.context.IndexLocation;
import dev.weft.context.Kind;
import dev.weft.context.QueryVector;
import dev.weft.context.RecallMode;
import dev.weft.context.RecallRequest;
import dev.weft.context.embed.EmbedderIdentity;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.util.VectorUtil;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Dense recall on vectors shaped like code embeddings — tight clusters, and many exact duplicates (identical chunk
 * texts) — written the way ingest writes them: several workers sharing one update, a generation per pass, files
 * replaced in later passes (deletions), so the index has many segments that Lucene merges as it goes. Lucene's HNSW
 * graph alone finds about 0.85 of the true neighbours of this data.
 */
class DenseSelfRecallTest {
  private static final EmbedderIdentity MODEL = new EmbedderIdentity("clustered", 32);
  private static final int PASSES = 6;
  private static final int WORKERS = 3;
  private static final int FILES_PER_PASS = 90;
  private static final int CHUNKS_PER_FILE = 10;

  @TempDir static Path temp;
  private static CorpusIndex index;
  private static CorpusSearcher searcher;

  @BeforeAll
  static void ingest() throws Exception {
    TestCorpus corpus = new TestCorpus(temp.resolve("corpus"));
    index = CorpusIndex.open(IndexLocation.of(temp.resolve("index")));
    ClusteredVectors vectors = new ClusteredVectors(new Random(7), 20, MODEL.dims(), 0.3f, 0.3);
    ExecutorService pool = Executors.newFixedThreadPool(WORKERS);
    try {
      for (int pass = 0; pass < PASSES; pass++) {
        List<TestCorpus.Embedded> files = new ArrayList<>();
        for (int f = 0; f < FILES_PER_PASS; f++) {
          // a third of each later pass rewrites files of the pass before: deleted documents in older segments
          int number = pass > 0 && f % 3 == 0 ? (pass - 1) * FILES_PER_PASS + f : pass * FILES_PER_PASS + f;
          files.add(file(corpus, "src/f" + number + ".py", vectors));
        }
        write(pool, files);
      }
    } finally {
      pool.shutdownNow();
    }
    searcher = index.searcher();
  }

  @AfterAll
  static void close() {
    searcher.close();
    index.close();
  }

  private static TestCorpus.Embedded file(TestCorpus corpus, String path, ClusteredVectors vectors) {
    StringBuilder text = new StringBuilder();
    List<TestCorpus.Span> spans = new ArrayList<>();
    List<float[]> fileVectors = new ArrayList<>();
    for (int c = 0; c < CHUNKS_PER_FILE; c++) {
      text.append(c == 0 ? "" : "\n").append("def f").append(c).append("(): pass");
      spans.add(TestCorpus.span("f" + c, "function", c, c));
      fileVectors.add(vectors.next());
    }
    TestCorpus.Indexed indexed = corpus.file(path, Kind.CODE, "python", text.toString(),
        spans.toArray(TestCorpus.Span[]::new));
    return new TestCorpus.Embedded(indexed, ChunkVectors.of(MODEL, fileVectors));
  }

  /** One pass: the workers replace their share of the files concurrently, then one commit and publish. */
  private static void write(ExecutorService pool, List<TestCorpus.Embedded> files) throws Exception {
    try (IndexUpdate update = index.beginUpdate(UpdateOptions.of(temp.resolve("corpus").toString(),
        TestCorpus.STAMP))) {
      CountDownLatch start = new CountDownLatch(1);
      List<Future<?>> done = new ArrayList<>();
      for (int w = 0; w < WORKERS; w++) {
        int worker = w;
        done.add(pool.submit(() -> {
          start.await();
          for (int i = worker; i < files.size(); i += WORKERS) {
            TestCorpus.Embedded file = files.get(i);
            update.replace(file.file().state(), file.file().chunks(), file.vectors());
          }
          return null;
        }));
      }
      start.countDown();
      for (Future<?> future : done) {
        future.get();
      }
      update.commit();
      update.publish(Map.of());
    }
  }

  @Test
  void theIndexIsShapedLikeAnIngestedOne() {
    IndexReader reader = searcher.reader();
    // several flushed segments (three writers, six commits); the rewrites also delete documents, but whether a
    // concurrent merge has reclaimed them by the last commit depends on timing, so that is not asserted
    assertThat(reader.leaves()).hasSizeGreaterThan(1);
  }

  @Test
  void servedSearchFindsTheTrueNearestNeighbours() {
    SelfRecall recall = VectorSelfRecall.sample(searcher.reader(), 300, 10, 42);
    assertThat(recall.sampled()).isEqualTo(300);
    assertThat(recall.recall()).isGreaterThanOrEqualTo(0.99);
  }

  @Test
  void denseRecallOfAChunksOwnVectorRanksACopyOfItFirst() {
    for (SampledVectors.Sampled chunk : sample(200)) {
      RecallRequest request = new RecallRequest("", Set.of(Kind.CODE), 10, false).withMode(RecallMode.DENSE);
      List<Hit> hits = searcher.recall(request, new QueryVector(MODEL, chunk.vector())).hits();
      assertThat(hits).isNotEmpty();
      assertThat(hits.get(0).cosine()).as("best cosine for doc %d", chunk.doc()).isCloseTo(1f, within(1e-5f));
    }
  }

  private static List<SampledVectors.Sampled> sample(int size) {
    try {
      return SampledVectors.draw(searcher.reader(), size, 11);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /**
   * Unit vectors around a few random centres; a share of them repeat an earlier vector exactly, as identical
   * chunk texts embed identically.
   */
  static final class ClusteredVectors {
    private final Random random;
    private final float[][] centres;
    private final float spread;
    private final double duplicateShare;
    private final List<float[]> made = new ArrayList<>();

    ClusteredVectors(Random random, int clusters, int dims, float spread, double duplicateShare) {
      this.random = random;
      this.spread = spread;
      this.duplicateShare = duplicateShare;
      this.centres = new float[clusters][dims];
      for (float[] centre : centres) {
        for (int d = 0; d < dims; d++) {
          centre[d] = (float) random.nextGaussian();
        }
      }
    }

    float[] next() {
      if (made.size() > 30 && random.nextDouble() < duplicateShare) {
        // duplicates come from a small set of texts, so some groups grow large (license headers, `pass` bodies)
        return made.get(random.nextInt(30)).clone();
      }
      float[] centre = centres[random.nextInt(centres.length)];
      float[] vector = new float[centre.length];
      for (int d = 0; d < vector.length; d++) {
        vector[d] = centre[d] + spread * (float) random.nextGaussian();
      }
      VectorUtil.l2normalize(vector);
      made.add(vector);
      return vector;
    }
  }
}
