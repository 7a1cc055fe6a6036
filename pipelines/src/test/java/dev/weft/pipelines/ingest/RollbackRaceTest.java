package dev.weft.pipelines.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.context.IndexLocation;
import dev.weft.context.RecallRequest;
import dev.weft.context.generation.CorpusSource;
import dev.weft.context.error.IndexBusyException;
import dev.weft.index.CorpusIndex;
import dev.weft.index.CorpusSearcher;
import dev.weft.index.IndexUpdate;
import dev.weft.pipelines.Runner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue #7 item 1: a `weft rollback` while `weft index` plans must not make the run apply a plan made against one
 * generation onto another (a touched file that exists only in the newer one would keep its state and lose its
 * chunks for good). The rollback lands exactly between planning and writing, through the Ingester's hook.
 */
class RollbackRaceTest {
  @TempDir Path tmp;

  @Test
  void aRollbackWhileARunPlansIsRefusedAndNoFileLosesItsChunks() throws IOException {
    Path root = tmp.resolve("corpus");
    Path indexDir = tmp.resolve("index");
    IngestRequest request = atGenerationTwo(root, indexDir);
    touchEveryFile(root);

    AtomicReference<RuntimeException> rollback = new AtomicReference<>();
    Runnable rollbackWhilePlanning = () -> {
      try (CorpusIndex other = CorpusIndex.openExisting(IndexLocation.of(indexDir))) {
        other.rollback(1);
      } catch (RuntimeException refused) {
        rollback.set(refused);
      }
    };
    IngestReport report = new Ingester(rollbackWhilePlanning, () -> {}).run(request);

    try (CorpusIndex index = CorpusIndex.openExisting(IndexLocation.of(indexDir));
            CorpusSearcher searcher = index.searcher()) {
      assertThat(searcher.recall(RecallRequest.of("zanzibar")).hits()).extracting(h -> h.path())
          .containsExactly("docs/zfile.md");
    }
    assertThat(report.generation()).isEqualTo(3);
    assertThat(rollback.get()).isInstanceOf(IndexBusyException.class)
        .hasMessageContaining("cannot roll back to generation 1");
  }

  @Test
  void aRollbackOrAnotherRunWhileANoOpPassPlansIsRefusedAndNothingMoves() throws IOException {
    Path root = tmp.resolve("corpus");
    Path indexDir = tmp.resolve("index");
    IngestRequest request = atGenerationTwo(root, indexDir);

    // the no-op pass builds no index writer (issue #13 item 4); it must still hold the write lock while it plans
    AtomicReference<RuntimeException> rollback = new AtomicReference<>();
    AtomicReference<RuntimeException> otherRun = new AtomicReference<>();
    Runnable raceWhilePlanning = () -> {
      try (CorpusIndex other = CorpusIndex.openExisting(IndexLocation.of(indexDir))) {
        other.rollback(1);
      } catch (RuntimeException refused) {
        rollback.set(refused);
      }
      try {
        new Ingester().run(IngestRequest.directory(root,
            IndexLocation.of(indexDir)).runner(Runner.INPROCESS).force(true)
            .build());
      } catch (RuntimeException refused) {
        otherRun.set(refused);
      }
    };
    IngestReport report = new Ingester(raceWhilePlanning, () -> {}).run(request);

    assertThat(report.published()).isFalse();
    assertThat(rollback.get()).isInstanceOf(IndexBusyException.class)
        .hasMessageContaining("cannot roll back to generation 1");
    assertThat(otherRun.get()).isInstanceOf(IndexBusyException.class);
    try (CorpusIndex index = CorpusIndex.openExisting(IndexLocation.of(indexDir))) {
      assertThat(index.servedNumber()).contains(2L);
      assertThat(index.generations()).hasSize(2);
    }
  }

  @Test
  void theListingStartsOnlyOnceTheRunHoldsTheWriteLock() throws IOException {
    Path root = tmp.resolve("corpus");
    Path indexDir = tmp.resolve("index");
    IngestRequest request = atGenerationTwo(root, indexDir);
    Files.writeString(root.resolve("docs/yfile.md"), "# Y\n\nyellowhammer\n");

    // the walk overlaps the opening of the base generation (issue #13 item 4); it must still start under the lock,
    // or a generation published between the walk and the lock would be planned against an older listing
    AtomicReference<RuntimeException> rollback = new AtomicReference<>();
    DirectoryPass directory = new DirectoryPass((DirectorySource) request.source(), request.settings(),
        IndexLocation.of(indexDir.toAbsolutePath().normalize()));
    SourcePass racing = new SourcePass() {
      @Override
      public CorpusSource corpusSource() {
        return directory.corpusSource();
      }

      @Override
      public boolean rechunksEverything() {
        return directory.rechunksEverything();
      }

      @Override
      public void locked() {
        try (CorpusIndex other = CorpusIndex.openExisting(IndexLocation.of(indexDir))) {
          other.rollback(1);
        } catch (RuntimeException refused) {
          rollback.set(refused);
        }
        directory.locked();
      }

      @Override
      public Plan plan(IndexUpdate update) {
        return directory.plan(update);
      }
    };
    IngestReport report = new Ingester().run(request, WriteAccess.DEFAULT, racing);

    assertThat(rollback.get()).isInstanceOf(IndexBusyException.class)
        .hasMessageContaining("cannot roll back to generation 1");
    assertThat(report.generation()).isEqualTo(3);
    assertThat(report.counters()).containsEntry("added", 1L);
    try (CorpusIndex index = CorpusIndex.openExisting(IndexLocation.of(indexDir))) {
      assertThat(index.fileStates()).containsKeys("docs/zfile.md", "docs/yfile.md");
    }
  }

  /** The golden corpus in {@code root} indexed twice (the second run adds docs/zfile.md): generation 2. */
  private static IngestRequest atGenerationTwo(Path root, Path indexDir) throws IOException {
    Corpora.copyGolden(root);
    IngestRequest request = IngestRequest.directory(root, IndexLocation.of(indexDir)).runner(Runner.INPROCESS).build();
    new Ingester().run(request);
    Files.writeString(root.resolve("docs/zfile.md"), "# Z\n\nzanzibar quokka\n");
    assertThat(new Ingester().run(request).generation()).isEqualTo(2);
    return request;
  }

  private static void touchEveryFile(Path root) throws IOException {
    List<Path> files;
    try (Stream<Path> walk = Files.walk(root)) {
      files = walk.filter(Files::isRegularFile).toList();
    }
    for (Path file : files) {
      Files.setLastModifiedTime(file, FileTime.fromMillis(Files.getLastModifiedTime(file).toMillis() + 60_000));
    }
  }
}
