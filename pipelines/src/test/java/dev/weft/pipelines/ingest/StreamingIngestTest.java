package dev.weft.pipelines.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.context.IngestCounters;
import dev.weft.context.RecallRequest;
import dev.weft.context.generation.GenerationManifest;
import dev.weft.index.CorpusIndex;
import dev.weft.index.CorpusSearcher;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code IngestPipeline --streaming}: the per-window publish alone (replays, deletions by re-listing), then the whole
 * pipeline on the DirectRunner with a watch bounded to a few matches so the test ends.
 */
class StreamingIngestTest {
  @TempDir Path tmp;
  Path root;
  Path indexDir;
  WindowPublisher publisher;

  @BeforeEach
  void setUp() {
    root = Corpora.copyGolden(tmp.resolve("corpus"));
    indexDir = tmp.resolve("index");
    publisher = new WindowPublisher(root.toString(), indexDir.toString(), List.of(), 2_000_000, Duration.ZERO);
  }

  @Test
  void aWindowPublishesOneGenerationRecordingItsEndAndAReplayPublishesNothing() throws IOException {
    WindowPublisher.WindowResult first = publisher.publish(60_000, 5);
    assertThat(first.status()).isEqualTo(WindowPublisher.WindowResult.Status.PUBLISHED);
    assertThat(first.generation()).isEqualTo(1);
    assertThat(served().counts()).containsEntry(IngestCounters.STREAM_WINDOW, 60_000L);

    Files.writeString(root.resolve("docs/replayed.md"), "# Replayed\n\nokapi\n");
    WindowPublisher.WindowResult replay = publisher.publish(60_000, 5);
    assertThat(replay.status()).isEqualTo(WindowPublisher.WindowResult.Status.REPLAYED);
    assertThat(served().generation()).isEqualTo(1);

    WindowPublisher.WindowResult next = publisher.publish(120_000, 1);
    assertThat(next.generation()).isEqualTo(2);
    assertThat(next.added()).isEqualTo(1);
    assertThat(hits("okapi")).containsExactly("docs/replayed.md");
  }

  @Test
  void aWindowAppliesDeletionsTheWatchNeverReportsByReListing() throws IOException {
    publisher.publish(60_000, 5);
    Files.delete(root.resolve("app/tokenizer.py"));
    Files.writeString(root.resolve("docs/other.md"), "# Other\n\nwombat\n");

    WindowPublisher.WindowResult window = publisher.publish(120_000, 1); // the watch saw docs/other.md only

    assertThat(List.of(window.added(), window.removed())).containsExactly(1L, 1L);
    try (CorpusIndex index = CorpusIndex.openExisting(indexDir)) {
      assertThat(index.fileStates()).doesNotContainKey("app/tokenizer.py").containsKey("docs/other.md");
    }
  }

  @Test
  void aWindowWithNothingIndexedChangedPublishesNothing() {
    publisher.publish(60_000, 5);

    assertThat(publisher.publish(120_000, 1).status()).isEqualTo(WindowPublisher.WindowResult.Status.UNCHANGED);
    assertThat(served().generation()).isEqualTo(1);
  }

  @Test
  void theDirectRunnerWatchPublishesTheCorpusOnceAndReplaysNothing() {
    PipelineResult.State state = finish(streaming("--watchPolls=3"));

    assertThat(state).isEqualTo(PipelineResult.State.DONE);
    GenerationManifest published = served();
    // the first match sees every file; later matches see nothing new or modified, so no window publishes again
    assertThat(published.generation()).isEqualTo(1);
    assertThat(published.files()).isEqualTo(5);
    assertThat(published.counts()).containsKey(IngestCounters.STREAM_WINDOW);
    assertThat(hits("token bucket")).contains("src/main/java/com/acme/RateLimiter.java");

    // run again over the same tree, as after a restore: every window is a replay or finds nothing to do
    assertThat(finish(streaming("--watchPolls=2"))).isEqualTo(PipelineResult.State.DONE);
    assertThat(served().generation()).isEqualTo(1);
  }

  @Test
  void aRescanTickPassesAWindowThatNoMatchedFileOpened() throws IOException {
    new Ingester().run(IngestRequest.directory(root, indexDir).runner(RunnerChoice.IN_PROCESS).build());
    Files.delete(root.resolve("app/tokenizer.py"));

    // only .py is watched and none is left: no file is matched, so only a tick can open a window
    PipelineResult.State state = finish(StreamingIngestPipeline.build(options("--runner=DirectRunner",
        "--blockOnRun=false", "--streaming=true", "--root=" + root, "--indexDir=" + indexDir, "--watchInterval=200ms",
        "--window=1s", "--rescan=200ms", "--watchPolls=2", "--extensions=.py")));

    assertThat(state).isEqualTo(PipelineResult.State.DONE);
    GenerationManifest published = served();
    assertThat(published.generation()).isEqualTo(2);
    assertThat(published.files()).isZero(); // the tick's pass re-listed .py files only: every indexed file went
    assertThat(published.counts()).containsKey(IngestCounters.STREAM_WINDOW);
  }

  @Test
  void onFlinkLocalTheBoundedWatchPublishesTheCorpusOnce() {
    // the one Flink [local] run of this family; a deadline, so a runner that does not drain cannot hang the build
    PipelineResult.State state = finish(StreamingIngestPipeline.build(options("--runner=FlinkRunner",
        "--flinkMaster=[local]", "--parallelism=1", "--streaming=true", "--root=" + root, "--indexDir=" + indexDir,
        "--watchInterval=200ms", "--window=1s", "--watchPolls=3")));

    assertThat(state).isEqualTo(PipelineResult.State.DONE);
    assertThat(served().generation()).isEqualTo(1);
    assertThat(served().files()).isEqualTo(5);
  }

  @Test
  void theStreamingOptionsAreCheckedByName() {
    assertThatThrownBy(() -> StreamingIngestPipeline.build(options("--streaming=true", "--root=" + root)))
        .hasMessageStartingWith("--indexDir is required with --streaming=true");
    assertThatThrownBy(() -> StreamingIngestPipeline.build(options("--streaming=true", "--root=" + root,
            "--indexDir=" + indexDir, "--window=soon")))
        .hasMessage("--window must be a whole number with ms, s or m (e.g. 500ms, 10s, 2m), got: soon");
    assertThatThrownBy(() -> streaming("--watchPolls=-1"))
        .hasMessage("--watchPolls must be at least 0 (0: never stop), got: -1");
  }

  private Pipeline streaming(String extra) {
    return StreamingIngestPipeline.build(options("--runner=DirectRunner", "--blockOnRun=false", "--streaming=true",
        "--root=" + root,
        "--indexDir=" + indexDir, "--watchInterval=200ms", "--window=1s", extra));
  }

  /** Runs a bounded streaming pipeline with a deadline: a runner that fails to drain fails the test, never hangs it. */
  private static PipelineResult.State finish(Pipeline pipeline) {
    PipelineResult result = pipeline.run();
    PipelineResult.State state = result.waitUntilFinish(org.joda.time.Duration.standardMinutes(3));
    if (state == null || !state.isTerminal()) {
      try {
        result.cancel();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      throw new AssertionError("the bounded streaming pipeline must finish within 3 minutes, got: " + state);
    }
    return state;
  }

  private static IngestOptions options(String... args) {
    return PipelineOptionsFactory.fromArgs(args).withValidation().as(IngestOptions.class);
  }

  private GenerationManifest served() {
    try (CorpusIndex index = CorpusIndex.openExisting(indexDir)) {
      return index.current().orElseThrow();
    }
  }

  private List<String> hits(String query) {
    try (CorpusIndex index = CorpusIndex.openExisting(indexDir); CorpusSearcher searcher = index.searcher()) {
      Set<String> paths = new TreeSet<>();
      searcher.recall(RecallRequest.of(query)).hits().forEach(h -> paths.add(h.path()));
      return List.copyOf(paths);
    }
  }
}
