package dev.weft.index;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.context.Kind;
import dev.weft.context.embed.EmbedderIdentity;
import dev.weft.context.error.IndexBusyException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** weft check: CheckIndex on every kept generation, each reported on its own. */
class IndexCheckTest {
  @TempDir Path temp;
  Path indexDir;
  TestCorpus corpus;

  @BeforeEach
  void setUp() {
    indexDir = temp.resolve("index");
    corpus = new TestCorpus(temp.resolve("corpus"));
    DamagedIndexTest.publishThree(indexDir, corpus);
  }

  @Test
  void everyKeptGenerationOfAHealthyIndexPasses() {
    IndexCheck.Report report = IndexCheck.run(indexDir, Duration.ZERO);

    assertThat(report.healthy()).isTrue();
    assertThat(report.served()).isEqualTo(3);
    assertThat(report.generations()).extracting(IndexCheck.GenerationCheck::generation).containsExactly(3L, 2L, 1L);
    assertThat(report.generations()).allSatisfy(g -> assertThat(g.status()).isEqualTo("ok"));
    assertThat(report.generations().get(0).served()).isTrue();
    // 23 files, one chunk each: a file document and a chunk document per file
    assertThat(report.generations().get(0).documents()).isEqualTo(46);
  }

  @Test
  void eachGenerationReportsTheSelfRecallOfItsNearestNeighbourSearch() {
    Path vectorsDir = temp.resolve("vectors-index");
    EmbedderIdentity identity = new EmbedderIdentity("check", 3);
    try (CorpusIndex index = CorpusIndex.open(vectorsDir)) {
      TestCorpus.Embedded[] files = new TestCorpus.Embedded[40];
      for (int i = 0; i < files.length; i++) {
        double angle = i * 0.05; // clustered: neighbours differ only slightly
        files[i] = TestCorpus.embedded(corpus.file("v" + i + ".md", Kind.DOC, "markdown", "vector " + i), identity,
            TestCorpus.vector((float) Math.cos(angle), (float) Math.sin(angle), 0.1f));
      }
      TestCorpus.publish(index, corpus.options(), files);
    }

    IndexCheck.Report withVectors = IndexCheck.run(vectorsDir, Duration.ZERO);
    IndexCheck.Report without = IndexCheck.run(indexDir, Duration.ZERO);

    assertThat(withVectors.generations()).singleElement().satisfies(g -> {
      assertThat(g.vectorsSampled()).isEqualTo(40);
      assertThat(g.selfRecall()).isEqualTo(1.0);
    });
    assertThat(without.generations()).allSatisfy(g -> assertThat(g.vectorsSampled()).isZero());
  }

  @Test
  void eachDamagedGenerationIsNamedAndTheOthersStillPass() throws IOException {
    Path liv = DamagedIndexTest.only(indexDir.resolve("lucene"), ".liv").get(0);
    Files.delete(liv);
    Files.writeString(indexDir.resolve("generations/1.json"), "{ truncated");

    IndexCheck.Report report = IndexCheck.run(indexDir, Duration.ZERO);

    assertThat(report.healthy()).isFalse();
    assertThat(report.generations()).extracting(IndexCheck.GenerationCheck::status)
        .containsExactly("damaged", "ok", "damaged");
    assertThat(report.generations().get(0).problem()).contains(liv.getFileName().toString());
    assertThat(report.generations().get(2).problem()).contains(indexDir.resolve("generations/1.json").toString());
  }

  @Test
  void aCheckDuringAnUpdateIsBusy() {
    try (CorpusIndex index = CorpusIndex.open(indexDir); IndexUpdate update = index.beginUpdate(corpus.options())) {
      assertThatThrownBy(() -> IndexCheck.run(indexDir, Duration.ZERO)).isInstanceOf(IndexBusyException.class)
          .hasMessageContaining(indexDir.resolve("lucene/write.lock").toString());
    }
  }
}
