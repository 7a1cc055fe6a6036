package dev.weft.index;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.context.IndexLocation;
import dev.weft.context.Kind;
import dev.weft.context.embed.EmbedderIdentity;
import dev.weft.context.error.IndexBusyException;
import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FilterDirectory;
import org.apache.lucene.store.IOContext;
import org.apache.lucene.store.IndexOutput;
import org.apache.lucene.store.Lock;
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
    IndexCheck.Report report = IndexCheck.run(IndexLocation.of(indexDir), Duration.ZERO);

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
    try (CorpusIndex index = CorpusIndex.open(IndexLocation.of(vectorsDir))) {
      TestCorpus.Embedded[] files = new TestCorpus.Embedded[40];
      for (int i = 0; i < files.length; i++) {
        double angle = i * 0.05; // clustered: neighbours differ only slightly
        files[i] = TestCorpus.embedded(corpus.file("v" + i + ".md", Kind.DOC, "markdown", "vector " + i), identity,
            TestCorpus.vector((float) Math.cos(angle), (float) Math.sin(angle), 0.1f));
      }
      TestCorpus.publish(index, corpus.options(), files);
    }

    IndexCheck.Report withVectors = IndexCheck.run(IndexLocation.of(vectorsDir), Duration.ZERO);
    IndexCheck.Report without = IndexCheck.run(IndexLocation.of(indexDir), Duration.ZERO);

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

    IndexCheck.Report report = IndexCheck.run(IndexLocation.of(indexDir), Duration.ZERO);

    assertThat(report.healthy()).isFalse();
    assertThat(report.generations()).extracting(IndexCheck.GenerationCheck::status)
        .containsExactly("damaged", "ok", "damaged");
    assertThat(report.generations().get(0).problem()).contains(liv.getFileName().toString());
    assertThat(report.generations().get(2).problem()).contains(indexDir.resolve("generations/1.json").toString());
  }

  @Test
  void aCurrentNamingAGenerationThatIsNotKeptIsDamagedWithTheWayOut() throws IOException {
    Files.writeString(indexDir.resolve("CURRENT"), "99\n");

    IndexCheck.Report report = IndexCheck.run(IndexLocation.of(indexDir), Duration.ZERO);

    assertThat(report.healthy()).isFalse();
    assertThat(report.currentProblem()).contains(indexDir.resolve("CURRENT") + " names generation 99")
        .contains("kept generations: [3, 2, 1]").contains("`weft rollback 3`").contains("`weft index --rebuild`");
    assertThat(report.generations()).allSatisfy(g -> assertThat(g.served()).isFalse());
  }

  @Test
  void aReadOnlyIndexIsCheckedWithoutTakingTheLockOrWritingAnything() throws IOException {
    List<String> attempts = new ArrayList<>();
    try (CorpusIndex index = new CorpusIndex(IndexLocation.of(indexDir), d -> readOnly(d, attempts), () -> {})) {
      IndexCheck.Report report = IndexCheck.run(index, Duration.ZERO);

      assertThat(report.healthy()).isTrue();
      assertThat(report.generations()).hasSize(3);
    }
    // the lock was asked for once (refused, as a read-only directory refuses it), nothing was written
    assertThat(attempts).containsExactly("obtainLock " + IndexWriter.WRITE_LOCK_NAME);
  }

  /** A Lucene directory as a read-only mount shows it: every write refused (and recorded), reads allowed. */
  private static Directory readOnly(Directory directory, List<String> attempts) {
    return new FilterDirectory(directory) {
      private IOException refuse(String what) {
        attempts.add(what);
        return new FileSystemException(what, null, "Read-only file system");
      }

      @Override
      public Lock obtainLock(String name) throws IOException {
        throw refuse("obtainLock " + name);
      }

      @Override
      public IndexOutput createOutput(String name, IOContext context) throws IOException {
        throw refuse("createOutput " + name);
      }

      @Override
      public IndexOutput createTempOutput(String prefix, String suffix, IOContext context) throws IOException {
        throw refuse("createTempOutput " + prefix);
      }

      @Override
      public void deleteFile(String name) throws IOException {
        throw refuse("deleteFile " + name);
      }

      @Override
      public void rename(String source, String dest) throws IOException {
        throw refuse("rename " + source);
      }

      @Override
      public void sync(Collection<String> names) throws IOException {
        throw refuse("sync " + names);
      }

      @Override
      public void syncMetaData() throws IOException {
        throw refuse("syncMetaData");
      }
    };
  }

  @Test
  void aCheckDuringAnUpdateIsBusy() {
    try (CorpusIndex index = CorpusIndex.open(IndexLocation.of(indexDir));
            IndexUpdate update = index.beginUpdate(corpus.options())) {
      assertThatThrownBy(() -> IndexCheck.run(IndexLocation.of(indexDir),
          Duration.ZERO)).isInstanceOf(IndexBusyException.class)
          .hasMessageContaining(indexDir.resolve("lucene/write.lock").toString());
    }
  }
}
