package dev.weft.pipelines.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.context.IndexLocation;
import dev.weft.context.RecallRequest;
import dev.weft.context.generation.GenerationManifest;
import dev.weft.index.CorpusIndex;
import dev.weft.index.CorpusSearcher;
import dev.weft.index.IndexUpdate;
import dev.weft.index.UpdateOptions;
import dev.weft.pipelines.Runner;
import dev.weft.transforms.ingest.TreeWatcher;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code weft index --watch} driven window by window: the test says what the watcher saw and ends each window on
 * demand, then asserts what is searchable and in which generation.
 */
class IndexWatchTest {
  private static final TreeWatcher.Changes NOTHING = new TreeWatcher.Changes(new TreeSet<>(), false);

  @TempDir Path tmp;
  Path root;
  Path indexDir;
  final AtomicLong clock = new AtomicLong(1_000_000);
  final List<WatchWindow> reported = new ArrayList<>();

  @BeforeEach
  void setUp() {
    root = Corpora.copyGolden(tmp.resolve("corpus"));
    indexDir = root.resolve(".weft"); // inside the root, as by default: it must never be listed or trigger a window
  }

  private IndexWatch watch(Runnable afterCommit) {
    IndexWatch.Pass pass = ingester -> ingester.run(IngestRequest.directory(root, IndexLocation.of(indexDir))
        .runner(Runner.INPROCESS).build());
    return new IndexWatch(pass, () -> {
      throw new AssertionError("the test drives windows itself");
    }, reported::add, new IndexWatch.WatchSettings(Duration.ofSeconds(2), Duration.ofSeconds(60)), clock::get,
        afterCommit);
  }

  private static TreeWatcher.Changes saw(String... paths) {
    return new TreeWatcher.Changes(new TreeSet<>(List.of(paths)), false);
  }

  @Test
  void eachWindowWithChangesPublishesOneGenerationAndAnEmptyWindowNone() throws IOException {
    IndexWatch watch = watch(() -> {});

    WatchWindow first = watch.runWindow(NOTHING); // the start-up pass catches up with the tree
    assertThat(first.status()).isEqualTo(WatchWindow.Status.PUBLISHED);
    assertThat(first.generation()).isEqualTo(1);
    assertThat(first.added()).isEqualTo(5);

    assertThat(watch.runWindow(NOTHING).status()).isEqualTo(WatchWindow.Status.IDLE);
    assertThat(served()).isEqualTo(1);

    // write
    Files.writeString(root.resolve("docs/zanzibar.md"), "# Zanzibar\n\nspice islands\n");
    WatchWindow written = watch.runWindow(saw("docs/zanzibar.md"));
    assertThat(written.generation()).isEqualTo(2);
    assertThat(written.line()).startsWith("generation 2: +1 ~0 -0 files");
    assertThat(hits("spice islands")).containsExactly("docs/zanzibar.md");

    // modify
    Files.writeString(root.resolve("docs/zanzibar.md"), "# Zanzibar\n\nclove plantations\n");
    WatchWindow modified = watch.runWindow(saw("docs/zanzibar.md"));
    assertThat(modified.generation()).isEqualTo(3);
    assertThat(modified.updated()).isEqualTo(1);
    assertThat(hits("clove plantations")).containsExactly("docs/zanzibar.md");
    assertThat(hits("spice islands")).isEmpty();

    // rename: one window, one generation, the old path gone and the new one searchable
    Files.move(root.resolve("docs/zanzibar.md"), root.resolve("docs/pemba.md"));
    WatchWindow renamed = watch.runWindow(saw("docs/pemba.md", "docs/zanzibar.md"));
    assertThat(renamed.generation()).isEqualTo(4);
    assertThat(List.of(renamed.added(), renamed.removed())).containsExactly(1L, 1L);
    assertThat(hits("clove plantations")).containsExactly("docs/pemba.md");

    // delete
    Files.delete(root.resolve("docs/pemba.md"));
    WatchWindow deleted = watch.runWindow(saw("docs/pemba.md"));
    assertThat(deleted.generation()).isEqualTo(5);
    assertThat(deleted.removed()).isEqualTo(1);
    assertThat(hits("clove plantations")).isEmpty();

    assertThat(reported).isEmpty(); // runWindow reports nothing itself: run() hands windows to the listener
  }

  @Test
  void eventsThatChangeNothingIndexedPublishNothing() throws IOException {
    IndexWatch watch = watch(() -> {});
    watch.runWindow(NOTHING);
    Files.writeString(root.resolve("docs/notes.swp"), "an editor's swap file: not an indexed extension");

    WatchWindow window = watch.runWindow(saw("docs/notes.swp"));

    assertThat(window.status()).isEqualTo(WatchWindow.Status.UNCHANGED);
    assertThat(window.generation()).isEqualTo(-1);
    assertThat(served()).isEqualTo(1);
  }

  @Test
  void theBackstopPassFindsAChangeTheWatcherMissed() throws IOException {
    IndexWatch watch = watch(() -> {});
    watch.runWindow(NOTHING);
    Files.writeString(root.resolve("docs/missed.md"), "# Missed\n\nan overflowed queue dropped this event\n");

    assertThat(watch.runWindow(NOTHING).status()).isEqualTo(WatchWindow.Status.IDLE);
    clock.addAndGet(Duration.ofSeconds(60).toMillis());
    WatchWindow backstop = watch.runWindow(NOTHING);

    assertThat(backstop.generation()).isEqualTo(2);
    assertThat(hits("overflowed queue")).containsExactly("docs/missed.md");
  }

  @Test
  void anOverflowedWatcherTriggersAPass() throws IOException {
    IndexWatch watch = watch(() -> {});
    watch.runWindow(NOTHING);
    Files.writeString(root.resolve("docs/lost.md"), "# Lost\n\nwhatever the queue dropped\n");

    WatchWindow window = watch.runWindow(new TreeWatcher.Changes(new TreeSet<>(), true));

    assertThat(window.generation()).isEqualTo(2);
  }

  @Test
  void aBusyIndexIsReportedAndTheChangeIsPublishedByTheNextWindow() throws IOException {
    IndexWatch watch = watch(() -> {});
    watch.runWindow(NOTHING);
    Files.writeString(root.resolve("docs/late.md"), "# Late\n\nquokka lockwaiter\n");

    WatchWindow busy;
    try (CorpusIndex index = CorpusIndex.open(IndexLocation.of(indexDir));
        IndexUpdate other = index.beginUpdate(UpdateOptions.of(root.toString(), IngestStamp.CURRENT))) {
      busy = watch.runWindow(saw("docs/late.md"));
    }
    assertThat(busy.status()).isEqualTo(WatchWindow.Status.BUSY);
    assertThat(busy.line()).startsWith("window 2: index busy, retrying next window: ").contains("write.lock");
    assertThat(served()).isEqualTo(1);

    WatchWindow retried = watch.runWindow(NOTHING); // no new event: the busy window is owed a retry
    assertThat(retried.generation()).isEqualTo(2);
    assertThat(hits("lockwaiter")).containsExactly("docs/late.md");
  }

  @Test
  void aStopBetweenCommitAndPublishAbandonsTheWindowAndTheNextStartPublishesIt() throws IOException {
    watch(() -> {}).runWindow(NOTHING);
    Files.writeString(root.resolve("docs/stopped.md"), "# Stopped\n\nsigterm arrived mid window\n");
    AtomicReference<IndexWatch> self = new AtomicReference<>();
    IndexWatch stopping = watch(() -> self.get().stop());
    self.set(stopping);
    WatchWindow abandoned = stopping.runWindow(NOTHING); // its start-up pass sees the file, stops after the commit

    assertThat(abandoned.status()).isEqualTo(WatchWindow.Status.ABANDONED);

    assertThat(stopping.stopRequested()).isTrue();
    assertThat(served()).isEqualTo(1);
    assertThat(hits("sigterm arrived")).isEmpty();

    WatchWindow next = watch(() -> {}).runWindow(NOTHING); // the next start's catch-up pass
    assertThat(next.generation()).isEqualTo(2);
    assertThat(hits("sigterm arrived")).containsExactly("docs/stopped.md");
  }

  @Test
  void runReportsEachWindowAndReturnsAfterAStop() throws IOException {
    List<TreeWatcher.Changes> feed = new ArrayList<>(List.of(NOTHING, saw("docs/fed.md")));
    AtomicReference<IndexWatch> self = new AtomicReference<>();
    IndexWatch watch = new IndexWatch(
        ingester -> ingester.run(IngestRequest.directory(root,
            IndexLocation.of(indexDir)).runner(Runner.INPROCESS).build()),
        () -> new IndexWatch.Feed() {
          @Override
          public TreeWatcher.Changes drain() {
            return feed.isEmpty() ? NOTHING : feed.remove(0);
          }

          @Override
          public void close() {}
        },
        window -> {
          reported.add(window);
          if (reported.size() == 2) {
            self.get().stop();
          }
        }, IndexWatch.WatchSettings.defaults(), clock::get, () -> {});
    self.set(watch);
    // the file lands before run() starts: the first window is the start-up pass, the second sees the event
    Files.writeString(root.resolve("docs/fed.md"), "# Fed\n\nfed words\n");

    watch.run(); // returns: the second window's listener stopped the watch, so no wait for a third window

    assertThat(reported).extracting(WatchWindow::status)
        .containsExactly(WatchWindow.Status.PUBLISHED, WatchWindow.Status.UNCHANGED);
  }

  @Test
  void aWindowShorterThanATenthOfASecondIsRefusedByName() {
    assertThatThrownBy(() -> new IndexWatch.WatchSettings(Duration.ofMillis(5), Duration.ofSeconds(60)))
        .hasMessage("--window must be at least 100ms, got: 5ms");
    assertThatThrownBy(() -> new IndexWatch.WatchSettings(Duration.ofSeconds(5), Duration.ofSeconds(1)))
        .hasMessage("--rescan must be at least --window (5000ms), got: 1000ms");
  }

  private long served() {
    try (CorpusIndex index = CorpusIndex.openExisting(IndexLocation.of(indexDir))) {
      return index.current().map(GenerationManifest::generation).orElse(0L);
    }
  }

  private List<String> hits(String query) {
    try (CorpusIndex index = CorpusIndex.openExisting(IndexLocation.of(indexDir));
            CorpusSearcher searcher = index.searcher()) {
      Set<String> paths = new TreeSet<>();
      searcher.recall(RecallRequest.of(query)).hits().forEach(h -> paths.add(h.path()));
      return List.copyOf(paths);
    }
  }
}
