package dev.weft.index;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.context.IndexLocation;
import dev.weft.context.Kind;
import dev.weft.context.error.IndexDamagedException;
import dev.weft.context.generation.GenerationManifest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.lucene.util.IOUtils;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each kind of damaged file: the failure names the file and the way out, and the way out works. Three
 * generations are published (f1, f2 and twenty more in the first segment, then f3, then f1 rewritten: generation
 * 3 has deletions in the first segment, which every generation shares; few enough that it is not merged away).
 */
class DamagedIndexTest {
  @TempDir Path temp;
  Path indexDir;
  TestCorpus corpus;

  @BeforeEach
  void setUp() {
    indexDir = temp.resolve("index");
    corpus = new TestCorpus(temp.resolve("corpus"));
    publishThree(indexDir, corpus);
  }

  static void publishThree(Path indexDir, TestCorpus corpus) {
    try (CorpusIndex index = CorpusIndex.open(IndexLocation.of(indexDir))) {
      List<TestCorpus.Indexed> first = new java.util.ArrayList<>(List.of(file(corpus, 1, "one"),
          file(corpus, 2, "two")));
      for (int n = 0; n < 20; n++) {
        first.add(corpus.file("more/g" + n + ".md", Kind.DOC, "markdown", "more " + n));
      }
      TestCorpus.publish(index, corpus.options(), first.toArray(TestCorpus.Indexed[]::new));
      TestCorpus.publish(index, corpus.options(), file(corpus, 3, "three"));
      TestCorpus.publish(index, corpus.options(), corpus.file("f1.md", Kind.DOC, "markdown", "one again"));
    }
  }

  private static TestCorpus.Indexed file(TestCorpus corpus, int n, String words) {
    return corpus.file("f" + n + ".md", Kind.DOC, "markdown", words);
  }

  private TestCorpus.Indexed file(int n, String words) {
    return file(corpus, n, words);
  }

  private Path path(String relative) {
    return indexDir.resolve(relative);
  }

  /** Reading fails naming {@code file} and a way out, and every kept generation is still listed. */
  private IndexDamagedException readingFails(Path file, String wayOut) {
    try (CorpusIndex index = CorpusIndex.openExisting(IndexLocation.of(indexDir))) {
      IndexDamagedException e = org.junit.jupiter.api.Assertions.assertThrows(IndexDamagedException.class,
          index::searcher);
      assertThat(e.file()).as(e.getMessage()).isEqualTo(file);
      assertThat(e.getMessage()).contains(wayOut);
      return e;
    }
  }

  private void servesAfterRollback(long generation, String... files) {
    try (CorpusIndex index = CorpusIndex.openExisting(IndexLocation.of(indexDir))) {
      assertThat(index.rollback(generation).generation()).isEqualTo(generation);
      assertThat(index.fileStates()).containsKeys(files).hasSize(files.length + 20);
    }
  }

  private GenerationManifest rebuild(TestCorpus.Indexed... files) {
    try (CorpusIndex index = CorpusIndex.open(IndexLocation.of(indexDir));
        IndexUpdate update = index.beginUpdate(corpus.options().withRebuild(true))) {
      assertThat(update.baseFileStates()).isEmpty();
      for (TestCorpus.Indexed file : files) {
        update.add(file.state(), file.chunks());
      }
      update.commit();
      return update.publish(java.util.Map.of());
    }
  }

  @Test
  void aMissingCurrentWithKeptGenerationsNamesRollback() throws IOException {
    Files.delete(path("CURRENT"));

    IndexDamagedException e = readingFails(path("CURRENT"), "`weft rollback 3`");

    assertThat(e.getMessage()).contains("is missing but generations [3, 2, 1] are kept");
    servesAfterRollback(3, "f1.md", "f2.md", "f3.md");
  }

  @Test
  void aGarbageCurrentNamesRollback() throws IOException {
    Files.writeString(path("CURRENT"), "\u0000\u0000garbage");

    IndexDamagedException e = readingFails(path("CURRENT"), "`weft rollback 3`");

    assertThat(e.getMessage()).contains("must hold a generation number, got: 'garbage'");
    servesAfterRollback(2, "f1.md", "f2.md", "f3.md");
  }

  @Test
  void aCurrentThatIsADirectorySaysSo() throws IOException {
    Files.delete(path("CURRENT"));
    Files.createDirectory(path("CURRENT"));

    IndexDamagedException e = readingFails(path("CURRENT"), "`weft rollback 3`");

    assertThat(e.getMessage()).contains("it is a directory");
    servesAfterRollback(3, "f1.md", "f2.md", "f3.md");
  }

  @Test
  void anUnreadableOldManifestIsSkippedAndReportedNeverFatal() throws IOException {
    Files.writeString(path("generations/1.json"), "{\"generation\": 1, \"lucene");

    try (CorpusIndex index = CorpusIndex.openExisting(IndexLocation.of(indexDir))) {
      assertThat(index.generations()).extracting(GenerationManifest::generation).containsExactly(3L, 2L);
      assertThat(index.unreadableGenerations()).singleElement()
          .satisfies(u -> assertThat(u.file()).isEqualTo(path("generations/1.json")));
      assertThat(index.fileStates()).containsKeys("f1.md", "f2.md", "f3.md");
      assertThatThrownBy(() -> index.rollback(1)).isInstanceOf(IndexDamagedException.class)
          .hasMessageContaining(path("generations/1.json").toString()).hasMessageContaining("`weft rollback 3`");
      // a writing run is not stopped by it
      GenerationManifest fourth = TestCorpus.publish(index, corpus.options(), file(4, "four"));
      assertThat(fourth.generation()).isEqualTo(4);
    }
  }

  @Test
  void aMissingServedManifestNamesTheWayOutAndItsNumberIsNeverReused() throws IOException {
    Files.delete(path("generations/3.json"));

    readingFails(path("generations/3.json"), "`weft rollback 2`");
    servesAfterRollback(2, "f1.md", "f2.md", "f3.md");

    try (CorpusIndex index = CorpusIndex.open(IndexLocation.of(indexDir))) {
      assertThat(TestCorpus.publish(index, corpus.options(), file(4, "four")).generation()).isEqualTo(4);
    }
  }

  @Test
  void aTruncatedNewestSegmentsFileStillRollsBackAndTheNextRunMovesItAside() throws IOException {
    String segments = manifest(3).segmentsFileName();
    truncate(path("lucene/" + segments));

    readingFails(path("lucene"), "`weft rollback 2`");
    servesAfterRollback(2, "f1.md", "f2.md", "f3.md");

    try (CorpusIndex index = CorpusIndex.open(IndexLocation.of(indexDir));
        IndexUpdate update = index.beginUpdate(corpus.options())) {
      assertThat(update.notes()).singleElement().asString()
          .contains("moved the unreadable commit " + path("lucene/" + segments))
          .contains(path("damaged/" + segments).toString());
      update.commit();
      assertThat(update.publish(java.util.Map.of()).generation()).isEqualTo(4);
    }
    assertThat(path("damaged/" + segments)).exists();
  }

  @Test
  void aMissingSegmentsFileNamesIt() throws IOException {
    String segments = manifest(3).segmentsFileName();
    Files.delete(path("lucene/" + segments));

    IndexDamagedException e = readingFails(path("lucene/" + segments), "`weft rollback 2`");

    assertThat(e.getMessage()).contains(segments + " is missing");
    servesAfterRollback(2, "f1.md", "f2.md", "f3.md");
  }

  @Test
  void aRebuildAfterTheNewestCommitIsLostNeverTakesItsName() throws IOException {
    GenerationManifest third = manifest(3);
    Files.delete(path("lucene/" + third.segmentsFileName()));

    GenerationManifest rebuilt = rebuild(file(5, "five"));

    assertThat(rebuilt.generation()).isEqualTo(4);
    assertThat(rebuilt.luceneGeneration()).isGreaterThan(third.luceneGeneration());
    assertThat(path("lucene/" + third.segmentsFileName())).doesNotExist();
    assertThat(only("lucene", "").stream().map(f -> f.getFileName().toString()))
        .noneMatch(name -> name.startsWith("pending_segments"));
    try (CorpusIndex index = CorpusIndex.openExisting(IndexLocation.of(indexDir))) {
      assertThatThrownBy(() -> index.rollback(3)).isInstanceOf(IndexDamagedException.class)
          .hasMessageContaining(third.segmentsFileName());
      assertThat(index.fileStates()).containsOnlyKeys("f5.md");
    }
    assertThat(IndexCheck.run(IndexLocation.of(indexDir), java.time.Duration.ZERO).generations())
        .extracting(IndexCheck.GenerationCheck::generation, IndexCheck.GenerationCheck::status)
        .containsExactly(org.assertj.core.groups.Tuple.tuple(4L, "ok"), org.assertj.core.groups.Tuple.tuple(3L,
            "damaged"), org.assertj.core.groups.Tuple.tuple(2L, "ok"), org.assertj.core.groups.Tuple.tuple(1L, "ok"));
  }

  @Test
  void anIndexRunAfterTheNewestCommitIsLostNeverTakesItsName() throws IOException {
    GenerationManifest third = manifest(3);
    Files.delete(path("lucene/" + third.segmentsFileName()));
    servesAfterRollback(2, "f1.md", "f2.md", "f3.md");

    GenerationManifest fourth;
    try (CorpusIndex index = CorpusIndex.open(IndexLocation.of(indexDir))) {
      fourth = TestCorpus.publish(index, corpus.options(), file(4, "four"));
    }

    assertThat(fourth.luceneGeneration()).isGreaterThan(third.luceneGeneration());
    try (CorpusIndex index = CorpusIndex.openExisting(IndexLocation.of(indexDir))) {
      assertThatThrownBy(() -> index.rollback(3)).isInstanceOf(IndexDamagedException.class);
      assertThat(index.servedNumber()).contains(4L);
    }
  }

  @Test
  void aCommitWrittenForAnotherGenerationIsNeverServedAsThisOne() throws IOException {
    // as an index left by a run that reused a lost commit's name: manifest 2 names generation 3's commit
    String manifest2 = Files.readString(path("generations/2.json"));
    GenerationManifest second = manifest(2);
    GenerationManifest third = manifest(3);
    Files.writeString(path("generations/2.json"), manifest2.replace("\"" + second.segmentsFileName() + "\"",
        "\"" + third.segmentsFileName() + "\""));

    try (CorpusIndex index = CorpusIndex.openExisting(IndexLocation.of(indexDir))) {
      assertThatThrownBy(() -> index.rollback(2)).isInstanceOf(IndexDamagedException.class)
          .hasMessageContaining("which was written for generation 3");
      assertThat(index.servedNumber()).contains(3L);
    }
    assertThat(IndexCheck.run(IndexLocation.of(indexDir), java.time.Duration.ZERO).generations())
        .filteredOn(g -> g.generation() == 2).singleElement()
        .satisfies(g -> assertThat(g.problem()).contains("which was written for generation 3"));
  }

  @Test
  void aMissingCompoundFileNamesItAndRebuildStartsAFreshLine() throws IOException {
    Path cfs = only("lucene", ".cfs").get(0); // the first segment's: shared by every generation
    Files.delete(cfs);

    IndexDamagedException e = readingFails(cfs, "`weft index --rebuild`");
    assertThat(e.getMessage()).contains(cfs.getFileName() + " is missing");
    try (CorpusIndex index = CorpusIndex.openExisting(IndexLocation.of(indexDir))) {
      assertThatThrownBy(() -> index.rollback(2)).isInstanceOf(IndexDamagedException.class)
          .hasMessageContaining("CURRENT is unchanged");
      assertThat(index.servedNumber()).contains(3L);
      assertThatThrownBy(() -> index.beginUpdate(corpus.options())).isInstanceOf(IndexDamagedException.class);
    }

    assertThat(rebuild(file(5, "five")).generation()).isEqualTo(4);
    try (CorpusIndex index = CorpusIndex.openExisting(IndexLocation.of(indexDir))) {
      assertThat(index.fileStates()).containsOnlyKeys("f5.md");
    }
  }

  @Test
  void aMissingLiveDocsFileNamesIt() throws IOException {
    Path liv = only("lucene", ".liv").get(0);
    Files.delete(liv);

    readingFails(liv, liv.getFileName() + " is missing");
    servesAfterRollback(2, "f1.md", "f2.md", "f3.md");
  }

  @Test
  void aLostLuceneDirectoryIsRebuilt() throws IOException {
    IOUtils.rm(path("lucene"));

    readingFails(path("lucene/" + manifest(3).segmentsFileName()), "`weft index --rebuild`");

    assertThat(rebuild(file(5, "five")).generation()).isEqualTo(4);
    try (CorpusIndex index = CorpusIndex.openExisting(IndexLocation.of(indexDir))) {
      assertThat(index.fileStates()).containsOnlyKeys("f5.md");
    }
  }

  @Test
  void aLostGenerationsDirectoryIsRebuiltWithoutReusingANumber() throws IOException {
    IOUtils.rm(path("generations"));

    IndexDamagedException e = readingFails(path("generations/3.json"), "`weft index --rebuild`");
    assertThat(e.getMessage()).contains("generation 3 has no manifest");

    assertThat(rebuild(file(5, "five")).generation()).isEqualTo(4);
  }

  @Test
  void aManifestLeftByARunKilledBeforeTheSwapIsNeverListedAndIsDiscarded() throws IOException {
    Files.copy(path("generations/3.json"), path("generations/9.pending.json"));

    try (CorpusIndex index = CorpusIndex.openExisting(IndexLocation.of(indexDir))) {
      assertThat(index.generations()).extracting(GenerationManifest::generation).containsExactly(3L, 2L, 1L);
      assertThatThrownBy(() -> index.rollback(9)).hasMessageContaining("it is not kept");
      try (IndexUpdate update = index.beginUpdate(corpus.options())) {
        assertThat(update.notes()).containsExactly("discarded generation 9: its run died before serving it");
      }
    }
    assertThat(path("generations/9.pending.json")).doesNotExist();
  }

  private GenerationManifest manifest(long generation) {
    try (CorpusIndex index = CorpusIndex.openExisting(IndexLocation.of(indexDir))) {
      return index.generations().stream().filter(g -> g.generation() == generation).findFirst().orElseThrow();
    }
  }

  private List<Path> only(String dir, String suffix) throws IOException {
    return only(path(dir), suffix);
  }

  static List<Path> only(Path dir, String suffix) throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files.filter(f -> f.getFileName().toString().endsWith(suffix)).sorted().toList();
    }
  }

  private static void truncate(Path file) throws IOException {
    byte[] bytes = Files.readAllBytes(file);
    Files.write(file, java.util.Arrays.copyOf(bytes, bytes.length / 2));
  }
}
