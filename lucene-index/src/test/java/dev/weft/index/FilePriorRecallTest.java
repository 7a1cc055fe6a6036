package dev.weft.index;

import static dev.weft.index.TestCorpus.embedded;
import static dev.weft.index.TestCorpus.span;
import static dev.weft.index.TestCorpus.vector;
import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.context.Hit;
import dev.weft.context.IndexLocation;
import dev.weft.context.Kind;
import dev.weft.context.QueryVector;
import dev.weft.context.RecallMode;
import dev.weft.context.RecallRequest;
import dev.weft.context.embed.EmbedderIdentity;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Hybrid chunk recall lifts the other chunks of a strong file (the file prior, docs/quality.md). */
class FilePriorRecallTest {
  private static final EmbedderIdentity MINI = new EmbedderIdentity("mini", 4);
  private static final QueryVector QUERY = new QueryVector(MINI, vector(0, 1, 0, 0));

  @TempDir Path temp;
  private CorpusIndex index;
  private CorpusSearcher searcher;

  @BeforeEach
  void indexCorpus() {
    // every chunk's text is the same word, so BM25 ties and min-max gives each lexical part 1: the order is the
    // cosine's, 1.0 (X#one), 0.5 (Y), 0.3 (X#two), 0 (Z, the floor)
    TestCorpus corpus = new TestCorpus(temp.resolve("corpus"));
    TestCorpus.Indexed x = corpus.file("src/X.java", Kind.CODE, "java", "parse\nparse",
        span("one", "method", 0, 0), span("two", "method", 1, 1));
    TestCorpus.Indexed y = corpus.file("src/Y.java", Kind.CODE, "java", "parse");
    TestCorpus.Indexed z = corpus.file("src/Z.java", Kind.CODE, "java", "parse");
    index = CorpusIndex.open(IndexLocation.of(temp.resolve("index")));
    TestCorpus.publish(index, corpus.options(),
        embedded(x, MINI, vector(0, 1, 0, 0), vector(0.9539392f, 0.3f, 0, 0)),
        embedded(y, MINI, vector(0.8660254f, 0.5f, 0, 0)),
        embedded(z, MINI, vector(1, 0, 0, 0)));
    searcher = index.searcher();
  }

  @AfterEach
  void close() {
    searcher.close();
    index.close();
  }

  private List<String> hybrid(boolean onePerFile) {
    RecallRequest request = new RecallRequest("parse", Set.of(Kind.CODE), 0, onePerFile)
        .withMode(RecallMode.HYBRID).withEmbedWeight(1.0);
    return searcher.recall(request, QUERY).hits().stream().map(FilePriorRecallTest::pointer).toList();
  }

  private static String pointer(Hit hit) {
    return hit.path() + ":" + hit.chunk().startLine();
  }

  @Test
  void aStrongFilesSecondChunkPassesALoneChunkOfAWeakerFile() {
    // fused 2, 1.5, 1.3, 1; lifted by 0.5 x (file's best - floor 1): X#two 1.3 + 0.5 = 1.8 > Y 1.5 + 0.25
    assertThat(hybrid(false)).containsExactly("src/X.java:0", "src/X.java:1", "src/Y.java:0", "src/Z.java:0");
  }

  @Test
  void oneChunkPerFileKeepsTheFilesInTheOrderOfTheirBestChunk() {
    assertThat(hybrid(true)).containsExactly("src/X.java:0", "src/Y.java:0", "src/Z.java:0");
  }
}
