package dev.weft.api;

import dev.weft.context.IngestCounters;
import dev.weft.context.embed.EmbedderSpec;
import dev.weft.context.generation.GenerationManifest;
import dev.weft.index.CorpusIndex;
import dev.weft.pipelines.ingest.EmbedMissing;
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
    boolean rebuild = run.access().rebuild();
    EmbedderSpec embedder = run.embedding().enabled()
        ? Embedders.forRun(run.embedding().spec(), served(indexDir, rebuild)) : null;
    IngestRequest request = new IngestRequest(run.source(), indexDir, run.settings().withEmbedder(embedder));
    IngestReport report = new Ingester().run(request, run.access());
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
