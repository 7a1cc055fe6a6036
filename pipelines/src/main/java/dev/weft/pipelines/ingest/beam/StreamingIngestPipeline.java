package dev.weft.pipelines.ingest.beam;

import dev.weft.context.IndexLocation;
import dev.weft.context.embed.EmbedderSpec;
import dev.weft.index.CorpusIndex;
import dev.weft.models.http.SpecDurations;
import dev.weft.pipelines.ingest.EmbedderGuard;
import dev.weft.transforms.beam.ResourcePaths;
import dev.weft.transforms.route.Router;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.io.FileIO;
import org.apache.beam.sdk.io.GenerateSequence;
import org.apache.beam.sdk.io.fs.MatchResult;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.FlatMapElements;
import org.apache.beam.sdk.transforms.Flatten;
import org.apache.beam.sdk.transforms.MapElements;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.transforms.Watch;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionList;
import org.apache.beam.sdk.values.TypeDescriptors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code IngestPipeline --streaming=true}: keeps an index current on a cluster. {@code FileIO.match().continuously}
 * matches {@code ROOT/**} every {@code --watchInterval}, emitting files that are new or whose metadata changed
 * ({@code matchUpdatedFiles}); their corpus-relative paths (indexed extensions only, never the index) go into
 * {@code --window} fixed windows with a tick every {@code --rescan} (deletions are never matched; a tick's window
 * re-lists and applies them), and each window with changes or a tick is planned on one key, chunked and staged by
 * every worker, and published on one key ({@link PublishWindows}): one generation, recording the window, or none when
 * nothing indexed changed. With {@code --embedder} the window's workers embed its chunks ({@code EmbedChunks}, as a
 * batch Beam run does) and the publish counts and logs the window's embedding like a batch run's. With
 * {@code --exportParquet=DIR} each published window also leaves {@code DIR/gen-<N>/} ({@link WindowExport}).
 */
public final class StreamingIngestPipeline {
  private static final Logger LOG = LoggerFactory.getLogger(StreamingIngestPipeline.class);

  private StreamingIngestPipeline() {}

  /** Wires the streaming pipeline; every option is checked here, before anything runs. */
  public static Pipeline build(IngestOptions options) {
    if (options.getIndex() == null) {
      throw new IllegalArgumentException("--index is required with --streaming=true, got none: name the index "
          + "each window publishes into");
    }
    Path root = IngestPipeline.root(options);
    IndexLocation index = IndexLocation.given(ResourcePaths.index(options.getIndex()), "--index");
    Duration window = SpecDurations.parse("--window", options.getWindow());
    Duration interval = SpecDurations.parse("--watchInterval", options.getWatchInterval());
    if (options.getWatchPolls() < 0) {
      throw new IllegalArgumentException("--watchPolls must be at least 0 (0: never stop), got: "
          + options.getWatchPolls());
    }
    List<String> extensions = Arrays.stream(options.getExtensions().split(","))
        .map(String::trim).filter(e -> !e.isEmpty()).toList();
    String lockWait = options.getLockWait() == null ? IngestOptions.STREAMING_LOCK_WAIT : options.getLockWait();
    WindowPublisher publisher = new WindowPublisher(root.toString(), index.toString(), extensions,
        options.getMaxFileBytes(), SpecDurations.parse("--lockWait", lockWait), windowStaging(options.getWindowStaging()));
    if (options.getExportParquet() != null) {
      // each published window's chunks as DIR/gen-<N>/ (WindowExport); a local path, as in batch
      publisher = publisher.withExportParquet(IngestPipeline.exportDir(options));
    }
    EmbedderSpec embedder = IngestPipeline.embedderSpec(options);
    if (embedder != null) {
      publisher = publisher.withEmbedder(embedder, options.getEmbedBatchSize());
      // checked now, as a batch run checks before any work: each window's publish would refuse it again
      requireCompatible(index, embedder);
    }
    // checked now: a scheme without a FileSystem on the class path fails here, not in the first window
    publisher.stagingRoot();
    Watch.Growth.TerminationCondition<String, ?> stop = options.getWatchPolls() == 0
        ? Watch.Growth.<String>never() : Watch.Growth.<String>afterIterations(options.getWatchPolls());
    Router router = IngestPipeline.router(options);
    String rootText = root.toString();
    String indexText = index.toString();
    Pipeline pipeline = Pipeline.create(options);
    PCollection<String> changed = pipeline
        .apply("WatchFiles", FileIO.match().filepattern(rootText + "/**")
            .continuously(org.joda.time.Duration.millis(interval.toMillis()), stop, true))
        .apply("ChangedPaths", FlatMapElements.into(TypeDescriptors.strings())
            .via((MatchResult.Metadata file) -> changedPath(rootText, indexText, router, file)));
    // a deletion is never matched: a tick every --rescan gives a window to pass in, whose re-listing applies it
    Duration rescan = SpecDurations.parse("--rescan", options.getRescan());
    GenerateSequence ticks = GenerateSequence.from(0).withRate(1, org.joda.time.Duration.millis(rescan.toMillis()));
    if (options.getWatchPolls() > 0) {
      // a bounded watch must end, so must its ticks: as many as fit in the watch's span (none when none fits)
      ticks = ticks.to(options.getWatchPolls() * interval.toMillis() / rescan.toMillis());
    }
    PCollection<String> rescans = pipeline.apply("RescanTicks", ticks)
        .apply("TickMarkers", MapElements.into(TypeDescriptors.strings()).via((Long tick) -> PublishWindows.TICK));
    PCollection<WindowPublisher.WindowResult> windows = PCollectionList.of(changed).and(rescans)
        .apply("ChangesAndTicks", Flatten.pCollections())
        .apply("PublishWindows", PublishWindows.with(publisher).withWindow(window).withShards(options.getShards()));
    windows.apply("LogWindows", ParDo.of(new LogFn()));
    return pipeline;
  }

  /**
   * {@code --windowStaging} as the text the publisher keeps: empty when not given (under the index). Checked by
   * {@link WindowPublisher#stagingRoot()}.
   */
  static String windowStaging(URI value) {
    return value == null ? "" : LocationUri.text(value);
  }

  /** Refuses an embedder other than the one whose vectors the served generation holds (EmbedderGuard). */
  private static void requireCompatible(IndexLocation index, EmbedderSpec embedder) {
    if (index.exists()) {
      try (CorpusIndex served = CorpusIndex.open(index)) {
        EmbedderGuard.requireCompatible(served, embedder.identity(), false);
      }
    }
  }

  /** The file's corpus-relative path when it is one the index takes; nothing for the index's own files. */
  static List<String> changedPath(String root, String index, Router router, MatchResult.Metadata file) {
    Path path = Path.of(file.resourceId().toString()).toAbsolutePath().normalize();
    if (path.startsWith(Path.of(index)) || !path.startsWith(Path.of(root))) {
      return List.of();
    }
    String relative = Path.of(root).relativize(path).toString().replace('\\', '/');
    return router.route(relative).isPresent() ? List.of(relative) : List.of();
  }

  /** One log line per window, as {@code weft index --watch} prints on stderr. */
  private static final class LogFn extends DoFn<WindowPublisher.WindowResult, Void> {
    @ProcessElement
    public void process(@Element WindowPublisher.WindowResult window) {
      LOG.info("window ending {}: {} generation {}: +{} ~{} -{} files ({} changed paths, {} embedded, {} reused){}{}",
          window.windowEnd(), window.status(), window.generation(), window.added(), window.updated(),
          window.removed(), window.changedPaths(), window.embedded(), window.vectorsReused(),
          window.embedFailures().isEmpty() ? "" : "; " + window.embedFailures(),
          window.detail().isEmpty() ? "" : ": " + window.detail());
    }
  }
}
