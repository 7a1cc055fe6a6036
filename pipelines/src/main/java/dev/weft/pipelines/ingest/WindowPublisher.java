package dev.weft.pipelines.ingest;

import dev.weft.context.IngestCounters;
import dev.weft.context.generation.GenerationManifest;
import dev.weft.index.CorpusIndex;
import dev.weft.transforms.route.Router;
import java.io.Serializable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * What the streaming pipeline's publish step does once per window: the same incremental pass as {@code weft index}
 * (list the tree, plan under the write lock against the served generation, chunk, commit, publish), recording the
 * window's end in the manifest. Re-listing is what applies deletions, which the file watch never reports. A window
 * at or before the one the served generation records is a replay (a restore from a checkpoint taken before it was
 * published, a retried bundle) and publishes nothing.
 *
 * @param root the corpus root
 * @param indexDir the index the windows publish into
 * @param extensions the extensions to index (empty: the defaults)
 * @param maxFileBytes files above this are refused as too large
 * @param lockWait how long a window waits for another run's write lock before its bundle fails (and is retried)
 */
public record WindowPublisher(String root, String indexDir, List<String> extensions, long maxFileBytes,
    Duration lockWait) implements Serializable {
  public WindowPublisher {
    extensions = List.copyOf(extensions);
    IngestSettings.atLeastOne("max file bytes", maxFileBytes);
  }

  /** Runs the window ending at {@code windowEndMillis} (its id), unless the served generation already holds it. */
  public WindowResult publish(long windowEndMillis, int changedPaths) {
    Path index = Path.of(indexDir);
    long served = servedWindow(index);
    if (served >= windowEndMillis) {
      return new WindowResult(windowEndMillis, WindowResult.Status.REPLAYED, -1, changedPaths, 0, 0, 0);
    }
    Router router = extensions.isEmpty() ? Router.defaults() : Router.defaults().withExtensions(extensions);
    IngestRequest request = IngestRequest.directory(Path.of(root), index).runner(RunnerChoice.IN_PROCESS)
        .router(router).maxFileBytes(maxFileBytes).build();
    IngestReport report = new Ingester().recording(IngestCounters.STREAM_WINDOW, windowEndMillis)
        .run(request, new WriteAccess(lockWait, false));
    return new WindowResult(windowEndMillis,
        report.published() ? WindowResult.Status.PUBLISHED : WindowResult.Status.UNCHANGED, report.generation(),
        changedPaths, report.counter(IngestCounters.ADDED), report.counter(IngestCounters.UPDATED),
        report.counter(IngestCounters.REMOVED));
  }

  /** The window the served generation records, or -1 (no index yet, or published by a batch run). */
  static long servedWindow(Path indexDir) {
    if (!Files.isDirectory(indexDir)) {
      return -1;
    }
    try (CorpusIndex index = CorpusIndex.open(indexDir)) {
      return index.current().map(GenerationManifest::counts)
          .map(counts -> counts.getOrDefault(IngestCounters.STREAM_WINDOW, -1L))
          .orElse(-1L);
    }
  }

  /**
   * How one window ended.
   *
   * @param windowEnd the window's end, epoch millis: its id
   * @param generation the generation it published, or -1
   * @param changedPaths distinct paths the watch reported new or modified in the window
   */
  public record WindowResult(long windowEnd, Status status, long generation, int changedPaths, long added,
      long updated, long removed) implements Serializable {
    /** What a window did. */
    public enum Status {
      PUBLISHED,
      /** The pass found nothing to do. */
      UNCHANGED,
      /** The served generation already holds this window (or a later one): nothing ran. */
      REPLAYED
    }
  }
}
