package dev.weft.api;

import dev.weft.context.IngestCounters;
import dev.weft.context.embed.EmbedderSpec;
import dev.weft.context.generation.GenerationManifest;
import dev.weft.index.CorpusIndex;
import dev.weft.pipelines.ingest.DirectorySource;
import dev.weft.pipelines.ingest.EmbedMissing;
import dev.weft.pipelines.ingest.IndexWatch;
import dev.weft.pipelines.ingest.IngestReport;
import dev.weft.pipelines.ingest.IngestRequest;
import dev.weft.pipelines.ingest.Ingester;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Runs an {@link IndexRun}: its ingest request (the run's own source and settings, with the embedder chosen here),
 * and the orchestration around a run — which embedder a bare "embed" means, and the pass that embeds chunks the run
 * did not touch.
 */
final class Indexing {
  private Indexing() {}

  static IndexOutcome run(Path indexDir, IndexRun run) {
    return run(indexDir, run, new Ingester());
  }

  /** As {@link #run(Path, IndexRun)} with {@code ingester} (a watch's, with its stop gate before the publish). */
  static IndexOutcome run(Path indexDir, IndexRun run, Ingester ingester) {
    boolean rebuild = run.access().rebuild();
    EmbedderSpec embedder = run.embedding().enabled()
        ? Embedders.forRun(run.embedding().spec(), served(indexDir, rebuild)) : null;
    IngestRequest request = new IngestRequest(run.source(), indexDir, run.settings().withEmbedder(embedder));
    IngestReport report = ingester.run(request, run.access());
    if (embedder == null || report.counter(IngestCounters.EMBED_FAILED) > 0) {
      // a failed batch is left to embed-missing rather than calling a failing endpoint again at once
      return new IndexOutcome(report, null);
    }
    // Chunks of unchanged items indexed before embedding was asked for have no vector, and this run did not touch
    // them: give them one now, so "embed" means every chunk has a vector.
    if (served(indexDir, rebuild).map(GenerationManifest::chunksWithoutVectors).orElse(0L) == 0) {
      return new IndexOutcome(report, null);
    }
    IngestReport filled = EmbedMissing.run(indexDir, embedder, run.settings().embedBatchSize(),
        run.settings().keepGenerations(), run.access().lockWait());
    return new IndexOutcome(report, filled);
  }

  /**
   * A watch of the run's directory tree ({@code weft index --watch}): each window with changes runs this same run
   * through the watch's ingester. Refuses what would make every window re-do everything, and a dataset.
   */
  static IndexWatch watch(Path indexDir, IndexRun run, IndexWatch.WatchSettings settings,
      IndexWatch.Listener listener) {
    if (!(run.source() instanceof DirectorySource tree)) {
      throw new IllegalArgumentException("--watch watches a directory tree, got a dataset: " + run.source().location()
          + "; re-run weft index --dataset when the file changes");
    }
    if (run.settings().force() || run.access().rebuild()) {
      throw new IllegalArgumentException("--watch takes no --force or --rebuild (every window would re-chunk "
          + "everything), got: " + (run.access().rebuild() ? "--rebuild" : "--force")
          + "; run weft index --force once, then weft index --watch");
    }
    return IndexWatch.of(tree.root(), indexDir, settings,
        ingester -> run(indexDir, run, ingester).ingest(), listener);
  }

  /**
   * The served generation's manifest (its vector counts and identity), without opening a reader; nothing for a
   * rebuild, which reads nothing of it.
   */
  private static Optional<GenerationManifest> served(Path indexDir, boolean rebuild) {
    if (rebuild || !Files.isDirectory(indexDir)) {
      return Optional.empty();
    }
    try (CorpusIndex index = CorpusIndex.open(indexDir)) {
      return index.current();
    }
  }
}
