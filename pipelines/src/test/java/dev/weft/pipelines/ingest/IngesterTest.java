package dev.weft.pipelines.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.context.FileState;
import dev.weft.context.IndexLocation;
import dev.weft.context.RecallRequest;
import dev.weft.context.generation.CorpusSource;
import dev.weft.context.generation.GenerationManifest;
import dev.weft.index.CorpusIndex;
import dev.weft.index.CorpusSearcher;
import dev.weft.pipelines.Runner;
import dev.weft.transforms.ingest.PathScope;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Incremental passes on the in-process executor: add, modify, delete, rename, touch, force, scope, crash. */
class IngesterTest {
  @TempDir Path tmp;
  Path root;
  Path indexDir;

  @BeforeEach
  void setUp() {
    root = Corpora.copyGolden(tmp.resolve("corpus"));
    indexDir = tmp.resolve("index");
  }

  private IngestReport ingest() {
    return ingest(IngestRequest.directory(root, IndexLocation.of(indexDir)).runner(Runner.INPROCESS).build());
  }

  private IngestReport ingest(IngestRequest request) {
    return new Ingester().run(request);
  }

  @Test
  void coldIndexAddsEveryFileAndPublishesGenerationOne() {
    IngestReport report = ingest();

    assertThat(report.generation()).isEqualTo(1);
    assertThat(report.counter("added")).isEqualTo(5);
    assertThat(report.files()).isEqualTo(5);
    assertThat(report.chunks()).isEqualTo(report.counter("chunks")).isGreaterThan(10);
    assertThat(report.deadLetterFile()).isNull();
  }

  @Test
  void theManifestRecordsThatItsItemsAreTheFilesUnderTheRoot() {
    ingest();

    try (CorpusIndex index = CorpusIndex.openExisting(IndexLocation.of(indexDir))) {
      assertThat(index.current().orElseThrow().source())
          .isEqualTo(CorpusSource.files(root.toAbsolutePath().normalize().toString()));
    }
  }

  @Test
  void aRunAnnouncesItsStagesInOrderSoReportsCanTimeThem() {
    List<String> seen = new CopyOnWriteArrayList<>();
    IngestProgress recording = new IngestProgress() {
      @Override
      public void stage(String name) {
        seen.add(name);
      }

      @Override
      public void finished() {
        seen.add("finished");
      }
    };

    ingest(IngestRequest.directory(root,
        IndexLocation.of(indexDir)).runner(Runner.INPROCESS).progress(recording).build());
    ingest(IngestRequest.directory(root,
        IndexLocation.of(indexDir)).runner(Runner.INPROCESS).progress(recording).build());

    // the second pass has nothing to do: it plans and finishes
    assertThat(seen).containsExactly("plan", "chunk", "commit", "publish", "finished", "plan", "finished");
  }

  @Test
  void secondPassIsANoOpThatPublishesNothing() {
    ingest();

    IngestReport again = ingest();

    assertThat(again.published()).isFalse();
    assertThat(again.counter("unchanged")).isEqualTo(5);
    try (CorpusIndex index = CorpusIndex.openExisting(IndexLocation.of(indexDir))) {
      assertThat(index.generations()).hasSize(1);
    }
  }

  @Test
  void modifyDeleteAndRenameAreEachApplied() throws IOException {
    ingest();
    Files.writeString(root.resolve("docs/guide.md"), "# Guide\n\n## Backups\n\nNightly snapshots go offsite.\n");
    Files.delete(root.resolve("app/tokenizer.py"));
    Files.move(root.resolve("web/src/cache.ts"), root.resolve("web/src/lru.ts"));

    IngestReport report = ingest();

    assertThat(report.counters()).containsEntry("added", 1L).containsEntry("updated", 1L)
        .containsEntry("removed", 2L).containsEntry("unchanged", 2L);
    try (CorpusIndex index = CorpusIndex.openExisting(IndexLocation.of(indexDir))) {
      assertThat(index.fileStates().keySet()).containsExactlyInAnyOrder("docs/guide.md",
          "docs/release-notes.txt", "src/main/java/com/acme/RateLimiter.java", "web/src/lru.ts");
      try (CorpusSearcher searcher = index.searcher()) {
        assertThat(searcher.recall(RecallRequest.of("snapshots offsite")).hits())
            .extracting(h -> h.path()).containsExactly("docs/guide.md");
        assertThat(searcher.recall(RecallRequest.of("tokenize")).hits())
            .extracting(h -> h.path()).doesNotContain("app/tokenizer.py");
      }
    }
  }

  @Test
  void sameSizeAndMtimeIsOnlySeenWithForce() throws IOException {
    ingest();
    Path guide = root.resolve("docs/guide.md");
    FileTime mtime = Files.getLastModifiedTime(guide);
    String text = Files.readString(guide);
    Files.writeString(guide, text.replace("Installing", "Uninstallx")); // same length
    Files.setLastModifiedTime(guide, mtime);

    assertThat(ingest().published()).isFalse();
    IngestReport forced = ingest(IngestRequest.directory(root, IndexLocation.of(indexDir)).runner(Runner.INPROCESS)
        .force(true).build());

    assertThat(forced.counter("updated")).isEqualTo(5);
    try (CorpusIndex index = CorpusIndex.openExisting(IndexLocation.of(indexDir));
            CorpusSearcher searcher = index.searcher()) {
      assertThat(searcher.recall(RecallRequest.of("uninstallx")).hits()).extracting(h -> h.path())
          .containsExactly("docs/guide.md");
    }
  }

  @Test
  void aTouchWithoutChangeRewritesOnlyTheState() throws IOException {
    ingest();
    Path guide = root.resolve("docs/guide.md");
    Files.setLastModifiedTime(guide, FileTime.fromMillis(Files.getLastModifiedTime(guide).toMillis() + 60_000));

    IngestReport report = ingest();

    assertThat(report.counters()).containsEntry("updated", 0L).containsEntry("unchanged", 5L);
    try (CorpusIndex index = CorpusIndex.openExisting(IndexLocation.of(indexDir))) {
      FileState state = index.fileStates().get("docs/guide.md");
      assertThat(state.mtimeMillis()).isEqualTo(Files.getLastModifiedTime(guide).toMillis());
    }
    assertThat(ingest().published()).isFalse();
  }

  @Test
  void aScopedPassNeverDeletesOutsideItsScope() throws IOException {
    ingest();
    Files.delete(root.resolve("app/tokenizer.py"));
    Files.writeString(root.resolve("docs/new.md"), "# New\n\nfresh words\n");

    IngestReport report = ingest(IngestRequest.directory(root, IndexLocation.of(indexDir)).runner(Runner.INPROCESS)
        .scope(new PathScope(List.of("docs"))).build());

    assertThat(report.counters()).containsEntry("added", 1L).containsEntry("removed", 0L);
    try (CorpusIndex index = CorpusIndex.openExisting(IndexLocation.of(indexDir))) {
      assertThat(index.fileStates()).containsKey("app/tokenizer.py").containsKey("docs/new.md");
    }
  }

  @Test
  void aRunThatDiesBetweenCommitAndPublishLeavesThePreviousGenerationServed() throws IOException {
    ingest();
    Files.writeString(root.resolve("docs/extra.md"), "# Extra\n\nzanzibar\n");

    Ingester crashing = new Ingester(() -> {
      throw new IllegalStateException("simulated crash after commit");
    });
    assertThatThrownBy(() -> crashing.run(IngestRequest.directory(root,
        IndexLocation.of(indexDir)).runner(Runner.INPROCESS)
            .build()))
        .hasMessage("simulated crash after commit");

    try (CorpusIndex index = CorpusIndex.openExisting(IndexLocation.of(indexDir))) {
      assertThat(index.current()).map(GenerationManifest::generation).contains(1L);
      try (CorpusSearcher searcher = index.searcher()) {
        assertThat(searcher.recall(RecallRequest.of("zanzibar")).isEmpty()).isTrue();
      }
    }
    IngestReport next = ingest();
    assertThat(next.counter("added")).isEqualTo(1);
    try (CorpusIndex index = CorpusIndex.openExisting(IndexLocation.of(indexDir));
            CorpusSearcher searcher = index.searcher()) {
      assertThat(searcher.recall(RecallRequest.of("zanzibar")).hits()).extracting(h -> h.path())
          .containsExactly("docs/extra.md");
    }
  }

  @Test
  void aChunkerStampChangeRechunksOnTheNextFullPass() {
    ingest();
    try (CorpusIndex index = CorpusIndex.open(IndexLocation.of(indexDir))) {
      Map<String, FileState> states = index.fileStates();
      try (var update = index.beginUpdate(new dev.weft.index.UpdateOptions(root.toString(), 5, "chunkers-old"))) {
        FileState guide = states.get("docs/guide.md");
        update.updateState(new FileState(guide.path(), guide.kind(), guide.format(), guide.mtimeMillis(),
            guide.size(), guide.contentHash(), "chunkers-old", guide.chunkCount()));
        update.commit();
        update.publish(Map.of());
      }
    }

    IngestReport report = ingest();

    assertThat(report.counters()).containsEntry("updated", 1L).containsEntry("unchanged", 4L);
  }

  @Test
  void aMissingRootIsAClearError() {
    assertThatThrownBy(() -> new Ingester().run(IngestRequest.of(tmp.resolve("nope"), IndexLocation.of(indexDir))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("corpus root must be an existing directory, got: ");
  }
}
