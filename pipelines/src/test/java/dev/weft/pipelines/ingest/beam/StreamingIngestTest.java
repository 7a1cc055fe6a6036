package dev.weft.pipelines.ingest.beam;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.context.DeadLetter;
import dev.weft.context.IndexLocation;
import dev.weft.context.IngestCounters;
import dev.weft.context.QueryVector;
import dev.weft.context.RecallMode;
import dev.weft.context.RecallRequest;
import dev.weft.context.generation.GenerationManifest;
import dev.weft.index.CorpusIndex;
import dev.weft.index.CorpusSearcher;
import dev.weft.index.EmbedderMismatchException;
import dev.weft.index.IndexUpdate;
import dev.weft.index.LockWait;
import dev.weft.index.ShardWriter;
import dev.weft.index.UpdateOptions;
import dev.weft.models.hash.HashEmbedderSpec;
import dev.weft.pipelines.Runner;
import dev.weft.pipelines.ingest.Corpora;
import dev.weft.pipelines.ingest.IngestReport;
import dev.weft.pipelines.ingest.IngestRequest;
import dev.weft.pipelines.ingest.IngestStamp;
import dev.weft.pipelines.ingest.Ingester;
import dev.weft.transforms.beam.StagedShards;
import dev.weft.transforms.beam.WriteIndexShards;
import dev.weft.transforms.export.ChunkFiles;
import dev.weft.transforms.export.ExportFormat;
import dev.weft.transforms.ingest.FileOutcome;
import dev.weft.transforms.ingest.FileProcessor;
import dev.weft.transforms.ingest.SourceReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.io.fs.ResourceId;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.apache.beam.sdk.runners.TransformHierarchy;
import org.apache.beam.sdk.util.CoderUtils;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code IngestPipeline --streaming}: a window's plan and publish alone, with this thread doing what the window's
 * workers do (chunk the planned files, stage a shard), then the whole pipeline on the DirectRunner with a watch
 * bounded to a few matches so the test ends, each window's generation compared with what {@code weft index} gives.
 */
class StreamingIngestTest {
  /** What {@code --embedder=hash:32} names. */
  private static final HashEmbedderSpec HASH_32 = new HashEmbedderSpec(32);

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
    WindowPublisher.WindowResult first = window(60_000);
    assertThat(first.status()).isEqualTo(WindowPublisher.WindowResult.Status.PUBLISHED);
    assertThat(first.generation()).isEqualTo(1);
    assertThat(served().counts()).containsEntry(IngestCounters.STREAM_WINDOW, 60_000L);
    assertThat(stagedWindows()).isEmpty(); // the window's staging goes with its publish

    assertThat(publisher.plan(60_000, 5).status()).isEqualTo(WindowPlan.Status.REPLAYED);
    WindowPublisher.WindowResult replay = window(60_000);
    assertThat(replay.status()).isEqualTo(WindowPublisher.WindowResult.Status.REPLAYED);
    assertThat(served().generation()).isEqualTo(1);
  }

  @Test
  void aRunRestartedWithinTheLastWindowNeverSkipsTheChangesMadeSince() throws IOException {
    window(120_000);
    Files.writeString(root.resolve("docs/replayed.md"), "# Replayed\n\nokapi\n");

    // a window ending where (or before) the served one did is planned against the served generation all the same
    assertThat(publisher.plan(60_000, 5).status()).isEqualTo(WindowPlan.Status.PLANNED);
    WindowPublisher.WindowResult restarted = window(60_000);
    assertThat(restarted.generation()).isEqualTo(2);
    assertThat(restarted.added()).isEqualTo(1);
    assertThat(hits("okapi")).containsExactly("docs/replayed.md");
    // the recorded window never moves back
    assertThat(served().counts()).containsEntry(IngestCounters.STREAM_WINDOW, 120_000L);
  }

  @Test
  void aWindowAppliesDeletionsTheWatchNeverReportsByReListing() throws IOException {
    window(60_000);
    Files.delete(root.resolve("app/tokenizer.py"));
    Files.writeString(root.resolve("docs/other.md"), "# Other\n\nwombat\n");

    WindowPlan plan = publisher.plan(120_000, 1); // the watch saw docs/other.md only
    assertThat(plan.toChunk()).containsExactly("docs/other.md");
    assertThat(plan.planned().changes().removed()).containsExactly("app/tokenizer.py");
    WindowPublisher.WindowResult window = publish(plan);

    assertThat(List.of(window.added(), window.removed())).containsExactly(1L, 1L);
    try (CorpusIndex index = CorpusIndex.openExisting(IndexLocation.of(indexDir))) {
      assertThat(index.fileStates()).doesNotContainKey("app/tokenizer.py").containsKey("docs/other.md");
    }
  }

  @Test
  void aWindowWithNothingIndexedChangedPublishesNothing() throws IOException {
    window(60_000);

    assertThat(publisher.plan(120_000, 1).status()).isEqualTo(WindowPlan.Status.UNCHANGED);
    assertThat(window(120_000).status()).isEqualTo(WindowPublisher.WindowResult.Status.UNCHANGED);
    assertThat(served().generation()).isEqualTo(1);
  }

  @Test
  void aBusyWindowPublishesNothingAndTheNextWindowPlansTheSameChange() throws IOException {
    window(60_000);
    Files.writeString(root.resolve("docs/late.md"), "# Late\n\nquokka lockwaiter\n");
    WindowPlan plan = publisher.plan(120_000, 1);
    Staged staged = stage(plan);

    WindowPublisher.WindowResult busy = publishWhileAnotherUpdateRuns(plan, staged);

    assertThat(busy.status()).isEqualTo(WindowPublisher.WindowResult.Status.BUSY);
    assertThat(busy.detail()).contains("write.lock");
    assertThat(served().generation()).isEqualTo(1);
    assertThat(stagedWindows()).isEmpty();
    WindowPublisher.WindowResult next = window(180_000);
    assertThat(next.generation()).isEqualTo(2);
    assertThat(next.added()).isEqualTo(1);
    assertThat(hits("lockwaiter")).containsExactly("docs/late.md");
  }

  @Test
  void aWindowWaitingForTheLockWhileAnotherPublishesIsReplayedNotPublishedOnTop() throws Exception {
    window(60_000);
    Files.writeString(root.resolve("docs/late.md"), "# Late\n\ndugong\n");
    WindowPlan plan = publisher.plan(120_000, 1);
    Staged staged = stage(plan);
    WindowPublisher patient = new WindowPublisher(root.toString(), indexDir.toString(), List.of(),
        publisher.maxFileBytes(), Duration.ofMinutes(5));
    ExecutorService pool = Executors.newSingleThreadExecutor();
    try (CorpusIndex index = CorpusIndex.open(IndexLocation.of(indexDir))) {
      Future<WindowPublisher.WindowResult> waiting;
      try (IndexUpdate other = index.beginUpdate(UpdateOptions.of(root.toString(), IngestStamp.CURRENT))) {
        Thread[] publishing = new Thread[1];
        CountDownLatch started = new CountDownLatch(1);
        waiting = pool.submit(() -> {
          publishing[0] = Thread.currentThread();
          started.countDown();
          return patient.publish(plan, staged.shards(), staged.refused(), staged.chunks());
        });
        started.await();
        // past its plan check, it polls for the write lock this update holds (LockWait sleeps between tries)
        while (!waitsForTheLock(publishing[0])) {
          Thread.onSpinWait();
        }
        other.commit();
        other.publish(Map.of()); // another window's generation, published while the first waits
      }
      WindowPublisher.WindowResult result = waiting.get(5, TimeUnit.MINUTES);
      assertThat(result.status()).isEqualTo(WindowPublisher.WindowResult.Status.REPLAYED);
    } finally {
      pool.shutdownNow();
    }
    assertThat(served().generation()).isEqualTo(2);
    assertThat(window(180_000).generation()).isEqualTo(3);
    assertThat(hits("dugong")).containsExactly("docs/late.md");
  }

  @Test
  void aWindowWhoseStagedShardsAreGonePublishesNothingAndTheNextWindowPlansTheSameChange() throws IOException {
    window(60_000);
    Files.writeString(root.resolve("docs/late.md"), "# Late\n\nquokka numbat\n");
    WindowPlan plan = publisher.plan(120_000, 1);
    Staged staged = stage(plan);
    StagedShards.deleteTree(StagedShards.directory(WriteIndexShards.windowDir(publisher.stagingRoot(), 120_000)));

    WindowPublisher.WindowResult lost = publisher.publish(plan, staged.shards(), staged.refused(), staged.chunks());

    assertThat(lost.status()).isEqualTo(WindowPublisher.WindowResult.Status.STAGING_LOST);
    assertThat(lost.detail()).contains("staged 1 shards", "0 are there");
    assertThat(served().generation()).isEqualTo(1);
    assertThat(window(180_000).generation()).isEqualTo(2);
    assertThat(hits("numbat")).containsExactly("docs/late.md");
  }

  @Test
  void aPublishRemovesTheStagingOfEarlierWindowsThatNeverPublished() throws IOException {
    window(60_000);
    Files.writeString(root.resolve("docs/late.md"), "# Late\n\nquokka\n");
    stage(publisher.plan(120_000, 1)); // staged, then its publish never came (the job was cancelled)
    assertThat(stagedWindows()).containsExactly("window-120000");

    assertThat(window(180_000).added()).isEqualTo(1);

    assertThat(stagedWindows()).isEmpty();
  }

  @Test
  void eachPublishedWindowExportsItsChunksAsItsGenerationAndAWindowThatPublishesNothingExportsNothing()
      throws IOException {
    Path export = tmp.resolve("export");
    publisher = publisher.withExportParquet(export);

    assertThat(window(60_000).generation()).isEqualTo(1);
    new Ingester().run(IngestRequest.directory(root, IndexLocation.of(tmp.resolve("batch"))).runner(Runner.INPROCESS)
        .exportParquet(tmp.resolve("batch-export")).build());
    assertThat(ChunkFiles.readRows(export.resolve("gen-1"), ExportFormat.PARQUET))
        .isNotEmpty()
        .containsExactlyInAnyOrderElementsOf(ChunkFiles.readRows(tmp.resolve("batch-export"), ExportFormat.PARQUET));

    Files.writeString(root.resolve("docs/late.md"), "# Late\n\nquokka lockwaiter\n");
    WindowPlan plan = publisher.plan(120_000, 1);
    Staged staged = stage(plan);
    WindowPublisher.WindowResult busy = publishWhileAnotherUpdateRuns(plan, staged);
    assertThat(busy.status()).isEqualTo(WindowPublisher.WindowResult.Status.BUSY);
    assertThat(entries(export)).containsExactly("gen-1"); // its prepared export went with it

    WindowPublisher.WindowResult next = window(180_000);
    assertThat(next.generation()).isEqualTo(2);
    assertThat(next.detail()).isEmpty();
    assertThat(entries(export)).containsExactly("gen-1", "gen-2");
    assertThat(ChunkFiles.readRows(export.resolve("gen-2"), ExportFormat.PARQUET))
        .isNotEmpty()
        .allMatch(row -> row.chunk().path().equals("docs/late.md"));
  }

  @Test
  void theStreamingPipelinePlansChunksAndStagesAWindowLikeTheBatchBeamPath() {
    List<String> steps = new ArrayList<>();
    streaming("--watchPolls=1").traverseTopologically(new Pipeline.PipelineVisitor.Defaults() {
      @Override
      public CompositeBehavior enterCompositeTransform(TransformHierarchy.Node node) {
        steps.add(node.getFullName());
        return CompositeBehavior.ENTER_TRANSFORM;
      }

      @Override
      public void visitPrimitiveTransform(TransformHierarchy.Node node) {
        steps.add(node.getFullName());
      }
    });

    // the window's files fan out through the batch pipeline's transforms, between a plan and a publish on one key
    assertThat(steps).containsSubsequence("PublishWindows/GroupWindow", "PublishWindows/PlanWindow",
        "PublishWindows/SpreadFiles", "PublishWindows/ReadAndChunkFiles", "PublishWindows/WriteIndexShards",
        "PublishWindows/GatherWindow", "PublishWindows/PublishWindow");
  }

  @Test
  void eachWindowOnTheDirectRunnerPublishesWhatWeftIndexGivesForTheSameTreeAndReplaysNothing() throws IOException {
    assertThat(finish(streaming("--watchPolls=3"))).isEqualTo(PipelineResult.State.DONE);

    // the first match sees every file; later matches see nothing new or modified, so no window publishes again
    GenerationManifest first = served();
    assertThat(first.generation()).isEqualTo(1);
    assertThat(first.files()).isEqualTo(5);
    IngestReport expected = inProcess("expected-1");
    assertThat(Corpora.dump(indexDir)).isEqualTo(Corpora.dump(tmp.resolve("expected-1")));
    assertThat(withoutWindow(first.counts())).isEqualTo(expected.counters());
    assertThat(hits("token bucket")).contains("src/main/java/com/acme/RateLimiter.java");

    Files.delete(root.resolve("app/tokenizer.py"));
    Files.writeString(root.resolve("docs/other.md"), "# Other\n\nwombat\n");
    Files.writeString(root.resolve("docs/guide.md"), "\n## Appendix\n\npangolin\n", StandardOpenOption.APPEND);
    assertThat(finish(streaming("--watchPolls=3"))).isEqualTo(PipelineResult.State.DONE);

    GenerationManifest second = served();
    assertThat(second.generation()).isEqualTo(2);
    assertThat(second.counts()).containsEntry(IngestCounters.ADDED, 1L).containsEntry(IngestCounters.UPDATED, 1L)
        .containsEntry(IngestCounters.REMOVED, 1L);
    inProcess("expected-2");
    assertThat(Corpora.dump(indexDir)).isEqualTo(Corpora.dump(tmp.resolve("expected-2")));
    assertThat(stagedWindows()).isEmpty();

    // run again over the same tree, as after a restore: every window is a replay or finds nothing to do
    assertThat(finish(streaming("--watchPolls=2"))).isEqualTo(PipelineResult.State.DONE);
    assertThat(served().generation()).isEqualTo(2);
  }

  @Test
  void withAnEmbedderAWindowPublishesTheDocumentsVectorsAndCountsOfWeftIndexWithIt() throws IOException {
    Path export = tmp.resolve("export");
    assertThat(finish(streaming("--watchPolls=3", "--embedder=hash:32", "--embedBatchSize=4",
        "--exportParquet=" + export))).isEqualTo(PipelineResult.State.DONE);

    GenerationManifest published = served();
    assertThat(published.generation()).isEqualTo(1);
    IngestReport expected = new Ingester().run(IngestRequest.directory(root, IndexLocation.of(tmp.resolve("expected")))
        .runner(Runner.INPROCESS).embedder(HASH_32).exportParquet(tmp.resolve("expected-export")).build());
    // the window's export holds the rows, vectors included, that weft index --export-parquet writes
    assertThat(entries(export)).containsExactly("gen-1");
    assertThat(ChunkFiles.readRows(export.resolve("gen-1"), ExportFormat.PARQUET))
        .hasSize((int) published.chunks())
        .containsExactlyInAnyOrderElementsOf(ChunkFiles.readRows(tmp.resolve("expected-export"),
            ExportFormat.PARQUET));
    assertThat(Corpora.dump(indexDir)).isEqualTo(Corpora.dump(tmp.resolve("expected")));
    assertThat(withoutWindow(published.counts())).isEqualTo(expected.counters());
    assertThat(published.counts().get(IngestCounters.EMBEDDED)).isEqualTo(published.chunks()).isPositive();
    assertThat(published.embedder()).isEqualTo(HASH_32.identity());
    assertThat(published.chunksWithVectors()).isEqualTo(published.chunks());
    List<String> dense = dense(tmp.resolve("expected"));
    assertThat(dense).isNotEmpty();
    assertThat(dense(indexDir)).isEqualTo(dense);
  }

  @Test
  void aStreamWithAnotherEmbedderThanTheServedVectorsIsRefusedBeforeItRuns() {
    new Ingester().run(IngestRequest.directory(root,
        IndexLocation.of(indexDir)).runner(Runner.INPROCESS).embedder(HASH_32)
        .build());

    assertThatThrownBy(() -> streaming("--watchPolls=1", "--embedder=hash:16"))
        .isInstanceOf(EmbedderMismatchException.class);
  }

  @Test
  void aWindowPlanAndResultRoundTripThroughTheirSchemaCoders() throws IOException {
    window(60_000);
    Files.delete(root.resolve("app/tokenizer.py"));
    Files.writeString(root.resolve("docs/other.md"), "# Other\n\nwombat\n");
    Files.writeString(root.resolve("docs/guide.md"), "\n## More\n", StandardOpenOption.APPEND);
    WindowPlan plan = publisher.plan(120_000, 2);
    assertThat(plan.planned().changes().removed()).isNotEmpty();
    assertThat(plan.planned().previouslyIndexed()).isNotEmpty();

    assertThat(CoderUtils.clone(WindowPlanCoder.of(), plan)).isEqualTo(plan);
    WindowPlan unchanged = new WindowPlan(180_000, 0, WindowPlan.Status.UNCHANGED, null);
    assertThat(CoderUtils.clone(WindowPlanCoder.of(), unchanged)).isEqualTo(unchanged);
    WindowPublisher.WindowResult result = new WindowPublisher.WindowResult(120_000,
        WindowPublisher.WindowResult.Status.PUBLISHED, 2, 2, 1, 1, 1, 7, 3, 0, "", "");
    assertThat(CoderUtils.clone(WindowResultCoder.of(), result)).isEqualTo(result);
  }

  @Test
  void aRescanTickPassesAWindowThatNoMatchedFileOpened() throws IOException {
    new Ingester().run(IngestRequest.directory(root, IndexLocation.of(indexDir)).runner(Runner.INPROCESS).build());
    Files.delete(root.resolve("app/tokenizer.py"));

    // only .py is watched and none is left: no file is matched, so only a tick can open a window
    PipelineResult.State state = finish(StreamingIngestPipeline.build(options("--runner=DirectRunner",
        "--blockOnRun=false", "--streaming=true", "--root=" + root, "--index=" + indexDir, "--watchInterval=200ms",
        "--window=1s", "--rescan=200ms", "--watchPolls=2", "--extensions=.py")));

    assertThat(state).isEqualTo(PipelineResult.State.DONE);
    GenerationManifest published = served();
    assertThat(published.generation()).isEqualTo(2);
    assertThat(published.files()).isZero(); // the tick's pass re-listed .py files only: every indexed file went
    assertThat(published.counts()).containsKey(IngestCounters.STREAM_WINDOW);
  }

  @Test
  void onFlinkLocalTheBoundedWatchPublishesTheCorpusOnceWithTheVectorsOfWeftIndex() {
    // the one Flink [local] run of this family; a deadline, so a runner that does not drain cannot hang the build
    PipelineResult.State state = finish(StreamingIngestPipeline.build(options("--runner=FlinkRunner",
        "--flinkMaster=[local]", "--parallelism=1", "--streaming=true", "--root=" + root, "--index=" + indexDir,
        "--watchInterval=200ms", "--window=1s", "--watchPolls=3", "--embedder=hash:32")));

    assertThat(state).isEqualTo(PipelineResult.State.DONE);
    GenerationManifest published = served();
    assertThat(published.generation()).isEqualTo(1);
    assertThat(published.files()).isEqualTo(5);
    assertThat(published.embedder()).isEqualTo(HASH_32.identity());
    assertThat(published.chunksWithVectors()).isEqualTo(published.chunks()).isPositive();
    new Ingester().run(IngestRequest.directory(root, IndexLocation.of(tmp.resolve("expected"))).runner(Runner.INPROCESS)
        .embedder(HASH_32).build());
    assertThat(Corpora.dump(indexDir)).isEqualTo(Corpora.dump(tmp.resolve("expected")));
    assertThat(dense(indexDir)).isEqualTo(dense(tmp.resolve("expected")));
  }

  @Test
  void theStreamingOptionsAreCheckedByName() {
    assertThatThrownBy(() -> StreamingIngestPipeline.build(options("--streaming=true", "--root=" + root)))
        .hasMessageStartingWith("--index is required with --streaming=true");
    assertThatThrownBy(() -> StreamingIngestPipeline.build(options("--streaming=true", "--root=" + root,
            "--index=" + indexDir, "--window=soon")))
        .hasMessage("--window must be a whole number with ms, s, m or h (500ms, 10s, 2m, 1h) or ISO-8601 (PT30S), "
            + "got: soon");
    assertThatThrownBy(() -> streaming("--watchPolls=-1"))
        .hasMessage("--watchPolls must be at least 0 (0: never stop), got: -1");
  }

  /** A window end to end, this thread standing in for its workers. */
  private WindowPublisher.WindowResult window(long end) throws IOException {
    return publish(publisher.plan(end, 1));
  }

  private WindowPublisher.WindowResult publish(WindowPlan plan) throws IOException {
    Staged staged = stage(plan);
    return publisher.publish(plan, staged.shards(), staged.refused(), staged.chunks());
  }

  /** What a window's workers hand its publish: the shards they staged, each file's chunk count, the refused files. */
  private record Staged(List<String> shards, List<Integer> chunks, List<DeadLetter> refused) {}

  /** What {@code ReadAndChunkFiles} and {@code WriteIndexShards.perWindow()} do for the plan, as one shard. */
  /** Publishes while another update holds the write lock: the window finds the index busy. */
  /** Whether {@code thread} sleeps between two tries for the write lock (other sleeps, such as a FileSystems
   * registrar's, come before the publisher's plan check). */
  private static boolean waitsForTheLock(Thread thread) {
    return thread.getState() == Thread.State.TIMED_WAITING && Stream.of(thread.getStackTrace())
        .anyMatch(frame -> frame.getClassName().equals(LockWait.class.getName()));
  }

  private WindowPublisher.WindowResult publishWhileAnotherUpdateRuns(WindowPlan plan, Staged staged)
      throws IOException {
    try (CorpusIndex index = CorpusIndex.open(IndexLocation.of(indexDir));
        IndexUpdate other = index.beginUpdate(UpdateOptions.of(root.toString(), IngestStamp.CURRENT))) {
      return publisher.publish(plan, staged.shards(), staged.refused(), staged.chunks());
    }
  }

  private Staged stage(WindowPlan plan) throws IOException {
    FileProcessor processor = new FileProcessor(root.toString(), publisher.router(),
        SourceReader.withDefaults().withMaxBytes(publisher.maxFileBytes()), IngestStamp.CURRENT);
    Path local = Files.createDirectories(tmp.resolve("worker-" + plan.windowEnd() + "-" + System.nanoTime()));
    List<Integer> chunks = new ArrayList<>();
    List<DeadLetter> refused = new ArrayList<>();
    try (ShardWriter writer = ShardWriter.create(local)) {
      for (String path : plan.toChunk()) {
        FileOutcome outcome = processor.process(path);
        if (outcome instanceof FileOutcome.Chunked chunked) {
          writer.write(chunked.state(), chunked.chunks(), chunked.vectors());
          chunks.add(chunked.chunks().size());
        } else {
          refused.add(((FileOutcome.Refused) outcome).deadLetter());
        }
      }
    }
    if (chunks.isEmpty()) {
      return new Staged(List.of(), chunks, refused);
    }
    ResourceId shard = WriteIndexShards.shardDir(WriteIndexShards.windowDir(publisher.stagingRoot(),
        plan.windowEnd()), 0);
    StagedShards.upload(local, shard);
    return new Staged(List.of(shard.toString()), chunks, refused);
  }

  /** The names in {@code dir}, sorted; none when it does not exist. */
  private static List<String> entries(Path dir) throws IOException {
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (Stream<Path> entries = Files.list(dir)) {
      return entries.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  /** The window directories left in the stream's staging area. */
  private List<String> stagedWindows() throws IOException {
    Path area = indexDir.resolve(StagingArea.STREAM_STAGING);
    if (!Files.isDirectory(area)) {
      return List.of();
    }
    try (Stream<Path> entries = Files.list(area)) {
      return entries.map(p -> p.getFileName().toString()).toList();
    }
  }

  /** {@code weft index}'s in-process run over the tree as it is now, into a fresh index under {@code tmp}. */
  private IngestReport inProcess(String name) {
    return new Ingester().run(IngestRequest.directory(root,
        IndexLocation.of(tmp.resolve(name))).runner(Runner.INPROCESS)
        .build());
  }

  private static Map<String, Long> withoutWindow(Map<String, Long> counts) {
    Map<String, Long> rest = new LinkedHashMap<>(counts);
    rest.remove(IngestCounters.STREAM_WINDOW);
    return rest;
  }

  private Pipeline streaming(String... extra) {
    List<String> args = new ArrayList<>(List.of("--runner=DirectRunner", "--blockOnRun=false", "--streaming=true",
        "--root=" + root, "--index=" + indexDir, "--watchInterval=200ms", "--window=1s"));
    args.addAll(List.of(extra));
    return StreamingIngestPipeline.build(options(args.toArray(String[]::new)));
  }

  /** Dense recall over every chunk: equal lists mean equal vectors on equal chunks (as ExecutorEquivalenceTest). */
  private static List<String> dense(Path index) {
    try (CorpusIndex ci = CorpusIndex.openExisting(IndexLocation.of(index)); CorpusSearcher searcher = ci.searcher()) {
      QueryVector query = new QueryVector(HASH_32.identity(),
          HASH_32.create().embed(List.of("rate limiting token bucket")).get(0));
      RecallRequest request = new RecallRequest("rate limiting token bucket", Set.of(), 50, false)
          .withMode(RecallMode.DENSE);
      return searcher.recall(request, query).hits().stream()
          .map(h -> h.path() + ":" + h.chunk().startLine() + ":" + h.cosine())
          .toList();
    }
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
    try (CorpusIndex index = CorpusIndex.openExisting(IndexLocation.of(indexDir))) {
      return index.current().orElseThrow();
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
