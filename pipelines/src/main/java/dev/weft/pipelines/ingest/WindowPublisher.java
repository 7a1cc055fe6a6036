package dev.weft.pipelines.ingest;

import dev.weft.context.DeadLetter;
import dev.weft.context.FileState;
import dev.weft.context.IngestCounters;
import dev.weft.context.ScratchDirs;
import dev.weft.context.error.IndexBusyException;
import dev.weft.context.error.StorageFailureException;
import dev.weft.context.generation.GenerationManifest;
import dev.weft.index.CorpusIndex;
import dev.weft.index.IndexUpdate;
import dev.weft.transforms.route.Router;
import java.io.IOException;
import java.io.Serializable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.beam.sdk.io.fs.ResourceId;
import org.apache.beam.sdk.options.PipelineOptionsFactory;

/**
 * The two single-key steps of a streaming window, around the distributed chunking the batch Beam path also runs:
 * {@link #plan} lists the tree and plans it against the served generation (the same planner as {@code weft index};
 * re-listing is what applies deletions, which the file watch never reports), and {@link #publish} takes the write
 * lock, merges the shards the window's workers staged, applies the deletions and publishes one generation recording
 * the window's end ({@link Ingester}, as in batch). A window at or before the one the served generation records is a
 * replay (a restore from a checkpoint taken before it was published, a retried bundle) and publishes nothing. A
 * window that publishes nothing for any reason (busy, its staging gone) loses nothing: the next window plans against
 * the same served generation and sees the same change.
 *
 * @param root the corpus root
 * @param indexDir the index the windows publish into
 * @param extensions the extensions to index (empty: the defaults)
 * @param maxFileBytes files above this are refused as too large
 * @param lockWait how long a window's publish waits for another run's write lock before it reports the window busy
 * @param stagingBase the Beam FileSystem directory the windows stage under ({@code --windowStaging}), or empty: under
 *     the index
 */
public record WindowPublisher(String root, String indexDir, List<String> extensions, long maxFileBytes,
    Duration lockWait, String stagingBase) implements Serializable {
  public WindowPublisher {
    extensions = List.copyOf(extensions);
    IngestSettings.atLeastOne("max file bytes", maxFileBytes);
  }

  /** Windows staged under the index. */
  public WindowPublisher(String root, String indexDir, List<String> extensions, long maxFileBytes, Duration lockWait) {
    this(root, indexDir, extensions, maxFileBytes, lockWait, "");
  }

  /** The staging area's root, where {@code WriteIndexShards.perWindow()} puts each window's shards. */
  public String stagingRoot() {
    return area().runs();
  }

  /** Plans the window ending at {@code windowEnd} (its id) against the served generation, without the write lock. */
  WindowPlan plan(long windowEnd, int changedPaths) {
    Path index = Path.of(indexDir);
    Map<String, FileState> states = Map.of();
    if (Files.isDirectory(index)) {
      try (CorpusIndex served = CorpusIndex.open(index)) {
        if (servedWindow(served) >= windowEnd) {
          return new WindowPlan(windowEnd, changedPaths, WindowPlan.Status.REPLAYED, null);
        }
        states = served.fileStates();
      }
    }
    IngestRequest request = request();
    DirectoryPass.Planned planned = new DirectoryPass((DirectorySource) request.source(), request.settings(),
        index).planAgainst(states);
    return planned.changes().isNoOp()
        ? new WindowPlan(windowEnd, changedPaths, WindowPlan.Status.UNCHANGED, null)
        : new WindowPlan(windowEnd, changedPaths, WindowPlan.Status.PLANNED, planned.trimmed());
  }

  /**
   * Publishes {@code plan}'s window: merges the {@code shards} its workers staged (each file's chunk count in
   * {@code chunksPerFile}, the files they refused in {@code deadLetters}), applies its deletions, publishes one
   * generation recording the window. The window's staging, and any earlier window's left behind, is gone afterwards.
   */
  WindowResult publish(WindowPlan plan, List<String> shards, List<DeadLetter> deadLetters,
      List<Integer> chunksPerFile) {
    long end = plan.windowEnd();
    Path index = Path.of(indexDir);
    Path downloads = index.resolve(IndexRuns.STAGING).resolve("download-window-" + end);
    StagingArea area = area();
    try {
      if (plan.status() != WindowPlan.Status.PLANNED) {
        return WindowResult.nothing(plan, plan.status() == WindowPlan.Status.REPLAYED
            ? WindowResult.Status.REPLAYED : WindowResult.Status.UNCHANGED, "");
      }
      if (Files.isDirectory(index)) {
        try (CorpusIndex served = CorpusIndex.open(index)) {
          if (servedWindow(served) >= end) {
            return WindowResult.nothing(plan, WindowResult.Status.REPLAYED, "");
          }
        }
      }
      IngestRequest request = request();
      DirectoryPass.StagedRun staged = (toChunk, previouslyIndexed, update) -> merge(area.window(end), downloads,
          toChunk, previouslyIndexed, update, shards.size(), deadLetters, chunksPerFile);
      SourcePass pass = DirectoryPass.ofWindow((DirectorySource) request.source(), request.settings(), index,
          plan.planned(), staged);
      IngestReport report;
      try {
        report = new Ingester().recording(IngestCounters.STREAM_WINDOW, end)
            .run(request, new WriteAccess(lockWait, false), pass);
      } catch (IndexBusyException busy) {
        return WindowResult.nothing(plan, WindowResult.Status.BUSY, busy.getMessage());
      } catch (StagingLost lost) {
        return WindowResult.nothing(plan, WindowResult.Status.STAGING_LOST, lost.getMessage());
      }
      return new WindowResult(end, report.published() ? WindowResult.Status.PUBLISHED : WindowResult.Status.UNCHANGED,
          report.generation(), plan.changedPaths(), report.counter(IngestCounters.ADDED),
          report.counter(IngestCounters.UPDATED), report.counter(IngestCounters.REMOVED), "");
    } finally {
      try {
        area.removeWindowsThrough(end);
      } finally {
        ScratchDirs.deleteOrFail(downloads);
      }
    }
  }

  /** Reads the window's staged shards back (downloading them when remote) and merges them into the update. */
  private static ChunkRun merge(ResourceId staging, Path downloads, List<String> toChunk,
      Set<String> previouslyIndexed, IndexUpdate update, int stagedShards, List<DeadLetter> deadLetters,
      List<Integer> chunksPerFile) {
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
    List<String> replaced = toChunk.stream().filter(previouslyIndexed::contains).toList();
    BeamExecutor.merge(update, replaced, shardDirs);
    long chunks = chunksPerFile.stream().mapToLong(Integer::longValue).sum();
    long empty = chunksPerFile.stream().filter(n -> n == 0).count();
    List<DeadLetter> sorted = deadLetters.stream().sorted(Comparator.comparing(DeadLetter::path)
        .thenComparing(DeadLetter::stage).thenComparing(DeadLetter::reason)).toList();
    return BeamExecutor.chunkRun(toChunk, new BeamIngestOutput(shardDirs, sorted, chunks, empty));
  }

  /** The router the windows plan and chunk with: the defaults, or only the given extensions. */
  Router router() {
    return extensions.isEmpty() ? Router.defaults() : Router.defaults().withExtensions(extensions);
  }

  private IngestRequest request() {
    return IngestRequest.directory(Path.of(root), Path.of(indexDir)).runner(RunnerChoice.IN_PROCESS)
        .router(router()).maxFileBytes(maxFileBytes).build();
  }

  private StagingArea area() {
    return StagingArea.ofWindows(stagingBase, Path.of(indexDir), PipelineOptionsFactory.create());
  }

  /** The window the served generation records, or -1 (no index yet, or published by a batch run). */
  static long servedWindow(Path indexDir) {
    if (!Files.isDirectory(indexDir)) {
      return -1;
    }
    try (CorpusIndex index = CorpusIndex.open(indexDir)) {
      return servedWindow(index);
    }
  }

  private static long servedWindow(CorpusIndex index) {
    return index.current().map(GenerationManifest::counts)
        .map(counts -> counts.getOrDefault(IngestCounters.STREAM_WINDOW, -1L))
        .orElse(-1L);
  }

  /** The window's staged shards are not all there: it publishes nothing, and the next window re-plans. */
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
   * @param detail why a window published nothing when it was busy or lost its staging, else empty
   */
  public record WindowResult(long windowEnd, Status status, long generation, int changedPaths, long added,
      long updated, long removed, String detail) implements Serializable {
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
      return new WindowResult(plan.windowEnd(), status, -1, plan.changedPaths(), 0, 0, 0, detail);
    }
  }
}
