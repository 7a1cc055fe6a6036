package dev.weft.pipelines.ingest.beam;

import dev.weft.context.DeadLetter;
import dev.weft.context.FileState;
import dev.weft.context.IndexLocation;
import dev.weft.context.IngestCounters;
import dev.weft.context.ScratchDirs;
import dev.weft.context.embed.EmbedderSpec;
import dev.weft.context.error.IndexBusyException;
import dev.weft.context.error.StorageFailureException;
import dev.weft.context.generation.GenerationManifest;
import dev.weft.index.CorpusIndex;
import dev.weft.index.IndexUpdate;
import dev.weft.pipelines.Runner;
import dev.weft.pipelines.ingest.ChunkRun;
import dev.weft.pipelines.ingest.DirectoryPass;
import dev.weft.pipelines.ingest.DirectorySource;
import dev.weft.pipelines.ingest.EmbedFailureSummary;
import dev.weft.pipelines.ingest.IndexRuns;
import dev.weft.pipelines.ingest.IngestReport;
import dev.weft.pipelines.ingest.IngestRequest;
import dev.weft.pipelines.ingest.IngestSettings;
import dev.weft.pipelines.ingest.Ingester;
import dev.weft.pipelines.ingest.SourcePass;
import dev.weft.pipelines.ingest.WriteAccess;
import dev.weft.transforms.beam.EmbedTally;
import dev.weft.transforms.route.Router;
import dev.weft.transforms.vectors.ChunkEmbedder;
import java.io.IOException;
import java.io.Serializable;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.ToLongFunction;
import org.apache.beam.sdk.io.fs.ResourceId;
import org.apache.beam.sdk.options.PipelineOptionsFactory;

/**
 * The two single-key steps of a streaming window, around the distributed chunking the batch Beam path also runs:
 * {@link #plan} lists the tree and plans it against the served generation (the same planner as {@code weft index};
 * re-listing is what applies deletions, which the file watch never reports), and {@link #publish} takes the write
 * lock, merges the shards the window's workers staged, applies the deletions and publishes one generation recording
 * the window's end ({@link Ingester}, as in batch). A window at or before the one the served generation records (a
 * restore from a checkpoint taken before it was published, a retried bundle, a restart within one window) is
 * planned like any other: against the served generation, so a true replay finds nothing to do and publishes
 * nothing (status {@code REPLAYED}), and changes made since are never skipped. A
 * window that publishes nothing for any reason (busy, its staging gone) loses nothing: the next window plans against
 * the same served generation and sees the same change.
 *
 * @param root the corpus root
 * @param index the index the windows publish into: an {@link IndexLocation}'s text (a {@code Path} is not
 *     {@code Serializable}), read back by {@link #location()}
 * @param extensions the extensions to index (empty: the defaults)
 * @param maxFileBytes files above this are refused as too large
 * @param lockWait how long a window's publish waits for another run's write lock before it reports the window busy
 * @param stagingBase the Beam FileSystem directory the windows stage under ({@code --windowStaging}), or empty: under
 *     the index
 * @param embedder the embedder the window's workers embed chunks with ({@code --embedder}), recorded in the manifest
 *     as a batch run records it; null: no vectors
 * @param embedBatchSize chunks per embedding call ({@code --embedBatchSize})
 * @param exportParquet the directory each published window's chunks are also written to as
 *     {@code gen-<N>/} ({@code --exportParquet}, {@link WindowExport}), or empty: none
 */
public record WindowPublisher(String root, String index, List<String> extensions, long maxFileBytes,
    Duration lockWait, String stagingBase, EmbedderSpec embedder, int embedBatchSize, String exportParquet)
    implements Serializable {
  public WindowPublisher {
    extensions = List.copyOf(extensions);
    IngestSettings.atLeastOne("max file bytes", maxFileBytes);
    ChunkEmbedder.requireBatchSize(embedBatchSize);
    Objects.requireNonNull(exportParquet, "exportParquet");
  }

  /** Windows staged under {@code stagingBase} (empty: under the index), without vectors. */
  public WindowPublisher(String root, String index, List<String> extensions, long maxFileBytes, Duration lockWait,
      String stagingBase) {
    this(root, index, extensions, maxFileBytes, lockWait, stagingBase, null, ChunkEmbedder.DEFAULT_BATCH_SIZE, "");
  }

  /** Windows staged under the index, without vectors. */
  public WindowPublisher(String root, String index, List<String> extensions, long maxFileBytes, Duration lockWait) {
    this(root, index, extensions, maxFileBytes, lockWait, "");
  }

  /** This publisher with the windows' chunks embedded by {@code spec}, {@code batchSize} chunks per call. */
  public WindowPublisher withEmbedder(EmbedderSpec spec, int batchSize) {
    return new WindowPublisher(root, index, extensions, maxFileBytes, lockWait, stagingBase, spec, batchSize,
        exportParquet);
  }

  /** This publisher with each published window's chunks also written under {@code dir} ({@link WindowExport}). */
  public WindowPublisher withExportParquet(Path dir) {
    return new WindowPublisher(root, index, extensions, maxFileBytes, lockWait, stagingBase, embedder,
        embedBatchSize, dir.toAbsolutePath().normalize().toString());
  }

  /** The staging area's root, where {@code WriteIndexShards.perWindow()} puts each window's shards. */
  public String stagingRoot() {
    return area().runs();
  }

  /** Plans the window ending at {@code windowEnd} (its id) against the served generation, without the write lock. */
  WindowPlan plan(long windowEnd, int changedPaths) {
    IndexLocation index = location();
    Map<String, FileState> states = Map.of();
    long servedWindow = 0;
    long base = 0;
    if (index.exists()) {
      try (CorpusIndex served = CorpusIndex.open(index)) {
        servedWindow = servedWindow(served);
        base = servedGeneration(served);
        states = served.fileStates();
      }
    }
    IngestRequest request = request();
    DirectoryPass.Planned planned = new DirectoryPass((DirectorySource) request.source(), request.settings(),
        index).planAgainst(states);
    if (planned.changes().isNoOp()) {
      return new WindowPlan(windowEnd, changedPaths,
          servedWindow >= windowEnd ? WindowPlan.Status.REPLAYED : WindowPlan.Status.UNCHANGED, null);
    }
    // A window the served generation already records is still planned: the plan is against the served generation,
    // so a true replay (a restore, a retried bundle) finds nothing to do, and a new run whose first window ends
    // where the last run's did (a restart within one window) must not skip the changes made since.
    return new WindowPlan(windowEnd, changedPaths, WindowPlan.Status.PLANNED, planned.trimmed(), base);
  }

  /**
   * Publishes {@code plan}'s window: merges the {@code shards} its workers staged (each file's chunk count in
   * {@code chunksPerFile}, the files they refused in {@code deadLetters}), applies its deletions, publishes one
   * generation recording the window. The window's staging, and any earlier window's left behind, is gone afterwards.
   */
  WindowResult publish(WindowPlan plan, List<String> shards, List<DeadLetter> deadLetters,
      List<Integer> chunksPerFile) {
    return publish(plan, shards, deadLetters, chunksPerFile, List.of(), List.of());
  }

  /**
   * As above for a window whose chunks were embedded: {@code tallies} are its embedding calls' counts and
   * {@code embedFailures} one dead letter per chunk left without a vector, counted and logged as a batch run does.
   */
  WindowResult publish(WindowPlan plan, List<String> shards, List<DeadLetter> deadLetters,
      List<Integer> chunksPerFile, List<EmbedTally> tallies, List<DeadLetter> embedFailures) {
    long end = plan.windowEnd();
    IndexLocation index = location();
    Path downloads = index.resolve(IndexRuns.STAGING).resolve("download-window-" + end);
    StagingArea area = area();
    // the window's prepared export, until it is promoted (or discarded, when the window publishes nothing)
    Path[] partial = {null};
    try {
      if (plan.status() != WindowPlan.Status.PLANNED) {
        return WindowResult.nothing(plan, plan.status() == WindowPlan.Status.REPLAYED
            ? WindowResult.Status.REPLAYED : WindowResult.Status.UNCHANGED, "");
      }
      long recorded = end;
      if (index.exists()) {
        try (CorpusIndex served = CorpusIndex.open(index)) {
          if (servedGeneration(served) != plan.baseGeneration()) {
            // another window published since this one planned (windows may publish out of order): its plan is
            // stale, and the next window plans against what is served now
            return WindowResult.nothing(plan, WindowResult.Status.REPLAYED, "");
          }
          // the recorded window never moves back (an earlier window published after a later one keeps the later id)
          recorded = Math.max(end, servedWindow(served));
        }
      }
      IngestRequest request = request();
      WindowExport export = exportParquet.isEmpty() ? null : new WindowExport(Path.of(exportParquet));
      // written before the publish from the shards it merges, visible only after it (WindowExport)
      Consumer<List<Path>> exportShards = export == null ? dirs -> { } : dirs -> partial[0] = export.prepare(end, dirs);
      DirectoryPass.StagedRun staged = (toChunk, previouslyIndexed, update) -> {
        // checked again under the write lock: the check above is made before the lock, so another window could
        // publish between the two and this stale plan would publish a second generation on top of it
        long base = update.baseGeneration().map(GenerationManifest::generation).orElse(0L);
        if (base != plan.baseGeneration()) {
          throw new StalePlan();
        }
        return merge(area.window(end), downloads, toChunk, previouslyIndexed, update, shards.size(), deadLetters,
            chunksPerFile, tallies, embedFailures, exportShards);
      };
      SourcePass pass = DirectoryPass.ofWindow((DirectorySource) request.source(), request.settings(), index,
          plan.planned(), staged);
      IngestReport report;
      try {
        report = new Ingester().recording(IngestCounters.STREAM_WINDOW, recorded)
            .run(request, new WriteAccess(lockWait, false), pass);
      } catch (IndexBusyException busy) {
        return WindowResult.nothing(plan, WindowResult.Status.BUSY, busy.getMessage());
      } catch (StagingLost lost) {
        return WindowResult.nothing(plan, WindowResult.Status.STAGING_LOST, lost.getMessage());
      } catch (StalePlan stale) {
        return WindowResult.nothing(plan, WindowResult.Status.REPLAYED, "");
      }
      String detail = "";
      if (report.published() && export != null && partial[0] != null) {
        try {
          export.promote(partial[0], report.generation());
          partial[0] = null;
        } catch (StorageFailureException e) {
          // the generation is served: the window is published, and says what became of its export
          detail = e.getMessage();
        }
      }
      return new WindowResult(end, report.published() ? WindowResult.Status.PUBLISHED : WindowResult.Status.UNCHANGED,
          report.generation(), plan.changedPaths(), report.counter(IngestCounters.ADDED),
          report.counter(IngestCounters.UPDATED), report.counter(IngestCounters.REMOVED),
          report.counter(IngestCounters.EMBEDDED), report.counter(IngestCounters.VECTORS_REUSED),
          report.counter(IngestCounters.EMBED_FAILED), EmbedFailureSummary.line(report.embedFailures()), detail);
    } finally {
      try {
        area.removeWindowsThrough(end);
      } finally {
        try {
          ScratchDirs.deleteOrFail(downloads);
        } finally {
          if (partial[0] != null) {
            WindowExport.discard(partial[0]);
          }
        }
      }
    }
  }

  /** Reads the window's staged shards back (downloading them when remote) and merges them into the update. */
  private static ChunkRun merge(ResourceId staging, Path downloads, List<String> toChunk,
      Set<String> previouslyIndexed, IndexUpdate update, int stagedShards, List<DeadLetter> deadLetters,
      List<Integer> chunksPerFile, List<EmbedTally> tallies, List<DeadLetter> embedFailures,
      Consumer<List<Path>> exportShards) {
    List<Path> shardDirs;
    try {
      shardDirs = IngestPipelineStaging.shardDirs(staging, downloads);
    } catch (IOException e) {
      throw new StorageFailureException(downloads, "cannot read the shards window staging " + staging + " holds: " + e
          + "; check that the disk or bucket is reachable from every task manager", e);
    }
    if (shardDirs.size() != stagedShards) {
      throw new StagingLost("the window's workers staged " + stagedShards + " shards in " + staging + ", "
          + shardDirs.size() + " are there (removed by a later window after a restore?); nothing published, the "
          + "next window plans the same change again");
    }
    exportShards.accept(shardDirs);
    List<String> replaced = toChunk.stream().filter(previouslyIndexed::contains).toList();
    BeamExecutor.merge(update, replaced, shardDirs);
    long chunks = chunksPerFile.stream().mapToLong(Integer::longValue).sum();
    long empty = chunksPerFile.stream().filter(n -> n == 0).count();
    return BeamExecutor.chunkRun(toChunk, new BeamIngestOutput(shardDirs, sorted(deadLetters), chunks, empty,
        sum(tallies, EmbedTally::embedded), sum(tallies, EmbedTally::reused), sum(tallies, EmbedTally::failed),
        sum(tallies, EmbedTally::truncated), sorted(embedFailures)));
  }

  /** In the order the batch path reads dead letters back: by path, stage, reason, then detail. */
  private static List<DeadLetter> sorted(List<DeadLetter> letters) {
    return letters.stream().sorted(Comparator.comparing(DeadLetter::path).thenComparing(DeadLetter::stage)
        .thenComparing(DeadLetter::reason).thenComparing(DeadLetter::detail, Comparator.nullsFirst(
            Comparator.naturalOrder()))).toList();
  }

  private static long sum(List<EmbedTally> tallies, ToLongFunction<EmbedTally> count) {
    return tallies.stream().mapToLong(count).sum();
  }

  /** The router the windows plan and chunk with: the defaults, or only the given extensions. */
  Router router() {
    return extensions.isEmpty() ? Router.defaults() : Router.defaults().withExtensions(extensions);
  }

  private IngestRequest request() {
    return IngestRequest.directory(Path.of(root), location()).runner(Runner.INPROCESS)
        .extensions(extensions).maxFileBytes(maxFileBytes).embedder(embedder).embedBatchSize(embedBatchSize).build();
  }

  private StagingArea area() {
    return StagingArea.ofWindows(stagingBase, location(), PipelineOptionsFactory.create());
  }

  /** The window the served generation records, or -1 (no index yet, or published by a batch run). */
  static long servedWindow(IndexLocation index) {
    if (!index.exists()) {
      return -1;
    }
    try (CorpusIndex served = CorpusIndex.open(index)) {
      return servedWindow(served);
    }
  }

  /** The index the windows publish into. */
  public IndexLocation location() {
    return new IndexLocation(Path.of(index));
  }

  private static long servedGeneration(CorpusIndex index) {
    return index.current().map(GenerationManifest::generation).orElse(0L);
  }

  private static long servedWindow(CorpusIndex index) {
    return index.current().map(GenerationManifest::counts)
        .map(counts -> counts.getOrDefault(IngestCounters.STREAM_WINDOW, -1L))
        .orElse(-1L);
  }

  /** The window's staged shards are not all there: it publishes nothing, and the next window re-plans. */
  /** Another window published after this one planned and before it took the write lock. */
  private static final class StalePlan extends RuntimeException {
    StalePlan() {
      super("another window published since this one planned", null, false, false);
    }
  }

  private static final class StagingLost extends RuntimeException {
    StagingLost(String message) {
      super(message);
    }
  }

  /**
   * How one window ended.
   *
   * @param windowEnd the window's end, epoch millis: its id
   * @param generation the generation it published, or -1
   * @param changedPaths distinct paths the watch reported new or modified in the window
   * @param embedded texts the window's workers embedded
   * @param vectorsReused chunks whose vector was reused from the served generation
   * @param embedFailed chunks published without a vector
   * @param embedFailures the failure summary line ({@link EmbedFailureSummary#line}), empty when none failed
   * @param detail why a window published nothing when it was busy or lost its staging, else empty
   */
  public record WindowResult(long windowEnd, Status status, long generation, int changedPaths, long added,
      long updated, long removed, long embedded, long vectorsReused, long embedFailed, String embedFailures,
      String detail) {
    /** What a window did. */
    public enum Status {
      PUBLISHED,
      /** The plan found nothing to do. */
      UNCHANGED,
      /** The served generation already holds this window (or a later one): nothing ran. */
      REPLAYED,
      /** Another run held the write lock past {@code --lockWait}: nothing published, the next window re-plans. */
      BUSY,
      /** The window's staged shards were gone: nothing published, the next window re-plans. */
      STAGING_LOST
    }

    static WindowResult nothing(WindowPlan plan, Status status, String detail) {
      return new WindowResult(plan.windowEnd(), status, -1, plan.changedPaths(), 0, 0, 0, 0, 0, 0, "", detail);
    }
  }
}
