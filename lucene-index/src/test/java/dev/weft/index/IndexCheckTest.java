package dev.weft.index;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
