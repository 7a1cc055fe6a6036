package dev.weft.index;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.context.IndexLocation;
import dev.weft.context.Kind;
import dev.weft.context.error.IndexBusyException;
import dev.weft.context.generation.GenerationManifest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexCommit;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GenerationsTest {
  @TempDir Path temp;

  private TestCorpus corpus() {
    return new TestCorpus(temp.resolve("corpus"));
  }

  /** Publishes generation n with files f1..fn, one per generation added. */
  private static GenerationManifest publishNext(CorpusIndex index, TestCorpus corpus, UpdateOptions options, int n) {
    TestCorpus.Indexed file = corpus.file("f" + n + ".md", Kind.DOC, "markdown", "file " + n);
    return TestCorpus.publish(index, options, file);
  }

  @Test
  void generationsAreListedNewestFirstAndRollbackMovesThePointer() throws IOException {
    TestCorpus corpus = corpus();
    try (CorpusIndex index = CorpusIndex.open(IndexLocation.of(temp.resolve("index")))) {
      for (int n = 1; n <= 3; n++) {
        publishNext(index, corpus, corpus.options(), n);
      }
      assertThat(index.generations()).extracting(GenerationManifest::generation).containsExactly(3L, 2L, 1L);
      assertThat(index.current()).map(GenerationManifest::generation).contains(3L);
      assertThat(index.fileStates()).containsOnlyKeys("f1.md", "f2.md", "f3.md");
      assertThat(Files.readString(temp.resolve("index/CURRENT")).trim()).isEqualTo("3");
      assertThat(temp.resolve("index/generations/2.json")).exists();

      GenerationManifest first = index.rollback(1);
      assertThat(first.generation()).isEqualTo(1);
      assertThat(index.current()).contains(first);
      assertThat(index.fileStates()).containsOnlyKeys("f1.md");
      try (CorpusSearcher searcher = index.searcher()) {
        assertThat(searcher.generation()).isEqualTo(first);
        assertThat(searcher.stats().files()).isEqualTo(1);
      }

      // the next update builds on the rolled-back commit and takes a new number
      GenerationManifest fourth = publishNext(index, corpus, corpus.options(), 4);
      assertThat(fourth.generation()).isEqualTo(4);
      assertThat(index.fileStates()).containsOnlyKeys("f1.md", "f4.md");
      assertThat(index.generations()).extracting(GenerationManifest::generation).containsExactly(4L, 3L, 2L, 1L);
      // and rolling forward again still works: generation 3's commit was kept
      index.rollback(3);
      assertThat(index.fileStates()).containsOnlyKeys("f1.md", "f2.md", "f3.md");
    }
  }

  @Test
  void rollbackToAnUnknownGenerationNamesTheKeptOnes() {
    TestCorpus corpus = corpus();
    try (CorpusIndex index = CorpusIndex.open(IndexLocation.of(temp.resolve("index")))) {
      publishNext(index, corpus, corpus.options(), 1);
      publishNext(index, corpus, corpus.options(), 2);
      assertThatThrownBy(() -> index.rollback(7))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("cannot roll back to generation 7: it is not kept; kept generations: [2, 1]");
    }
  }

  @Test
  void rollbackIsRefusedWhileAnUpdateRuns() {
    TestCorpus corpus = corpus();
    try (CorpusIndex index = CorpusIndex.open(IndexLocation.of(temp.resolve("index")))) {
      publishNext(index, corpus, corpus.options(), 1);
      try (IndexUpdate update = index.beginUpdate(corpus.options())) {
        assertThatThrownBy(() -> index.rollback(1))
            .isInstanceOf(IndexBusyException.class)
            .hasMessageContaining("cannot roll back to generation 1")
            .hasMessageContaining(temp.resolve("index/lucene/write.lock").toString());
      }
      assertThat(index.rollback(1).generation()).isEqualTo(1);
    }
  }

  @Test
  void onlyTheNewestGenerationsAndTheirCommitsAreKept() throws IOException {
    TestCorpus corpus = corpus();
    UpdateOptions keepTwo = corpus.options().withKeepGenerations(2);
    try (CorpusIndex index = CorpusIndex.open(IndexLocation.of(temp.resolve("index")))) {
      for (int n = 1; n <= 4; n++) {
        publishNext(index, corpus, keepTwo, n);
      }
      List<GenerationManifest> kept = index.generations();
      assertThat(kept).extracting(GenerationManifest::generation).containsExactly(4L, 3L);
      try (Stream<Path> manifests = Files.list(temp.resolve("index/generations"))) {
        assertThat(manifests.map(p -> p.getFileName().toString()).filter(name -> name.endsWith(".json")))
            .containsExactlyInAnyOrder("3.json", "4.json");
      }
      assertThat(luceneGenerations()).containsExactly(kept.get(1).luceneGeneration(), kept.get(0).luceneGeneration());
      assertThatThrownBy(() -> index.rollback(2)).hasMessageContaining("kept generations: [4, 3]");
      assertThat(index.rollback(3).generation()).isEqualTo(3);
      assertThat(index.fileStates()).containsOnlyKeys("f1.md", "f2.md", "f3.md");
    }
  }

  @Test
  void openExistingNeedsAPublishedGeneration() {
    Path dir = temp.resolve("nothing-here");
    assertThatThrownBy(() -> CorpusIndex.openExisting(IndexLocation.of(dir)))
        .isInstanceOf(IndexNotFoundException.class)
        .hasMessage("no Weft index at " + dir + "; run `weft index` first");
    try (CorpusIndex index = CorpusIndex.open(IndexLocation.of(dir))) {
      assertThat(index.current()).isEmpty();
      assertThat(index.generations()).isEmpty();
      assertThatThrownBy(index::searcher).isInstanceOf(IndexNotFoundException.class);
    }
    assertThatThrownBy(() -> CorpusIndex.openExisting(IndexLocation.of(dir)))
        .isInstanceOf(IndexNotFoundException.class);
    TestCorpus corpus = corpus();
    try (CorpusIndex index = CorpusIndex.open(IndexLocation.of(dir))) {
      publishNext(index, corpus, corpus.options(), 1);
    }
    try (CorpusIndex index = CorpusIndex.openExisting(IndexLocation.of(dir))) {
      assertThat(index.fileStates()).containsOnlyKeys("f1.md");
    }
  }

  @Test
  void theManifestRecordsTheCommitItReads() throws IOException {
    TestCorpus corpus = corpus();
    try (CorpusIndex index = CorpusIndex.open(IndexLocation.of(temp.resolve("index")))) {
      GenerationManifest manifest = publishNext(index, corpus, corpus.options(), 1);
      assertThat(manifest.corpusRoot()).isEqualTo(corpus.root().toString());
      assertThat(manifest.chunkerStamp()).isEqualTo(TestCorpus.STAMP);
      assertThat(manifest.segmentsFileName()).isEqualTo("segments_" + Long.toString(manifest.luceneGeneration(), 36));
      assertThat(manifest.createdAt()).isNotBlank();
      try (FSDirectory dir = FSDirectory.open(temp.resolve("index/lucene"))) {
        IndexCommit commit = DirectoryReader.listCommits(dir).get(0);
        assertThat(commit.getGeneration()).isEqualTo(manifest.luceneGeneration());
        assertThat(commit.getUserData()).containsAllEntriesOf(Map.of(
            IndexUpdate.USER_DATA_GENERATION, "1",
            IndexUpdate.USER_DATA_CHUNKER_STAMP, TestCorpus.STAMP,
            IndexUpdate.USER_DATA_CORPUS_ROOT, corpus.root().toString()));
      }
      assertThat(index.generations()).containsExactly(manifest);
    }
  }

  private List<Long> luceneGenerations() throws IOException {
    try (FSDirectory dir = FSDirectory.open(temp.resolve("index/lucene"))) {
      return DirectoryReader.listCommits(dir).stream().map(IndexCommit::getGeneration).toList();
    }
  }
}
