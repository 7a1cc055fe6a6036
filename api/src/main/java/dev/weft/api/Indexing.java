package dev.weft.api;

import dev.weft.context.IngestCounters;
import dev.weft.context.embed.EmbedderSpec;
import dev.weft.context.generation.GenerationManifest;
import dev.weft.index.CorpusIndex;
import dev.weft.pipelines.ingest.EmbedMissing;
import dev.weft.pipelines.ingest.IngestReport;
import dev.weft.pipelines.ingest.IngestRequest;
import dev.weft.pipelines.ingest.Ingester;
import dev.weft.transforms.ingest.PathScope;
import dev.weft.transforms.route.Router;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Runs an {@link IndexRun}: the one place the facade turns its settings into the ingest requests (so a reshaped
 * ingest settings builder is swapped in here alone), and the orchestration around a run — which embedder a bare
 * "embed" means, and the pass that embeds chunks the run did not touch.
 */
final class Indexing {
  private Indexing() {}

  static IndexOutcome run(Path indexDir, IndexRun run) {
    boolean rebuild = run.access().rebuild();
    EmbedderSpec embedder = run.embedding().enabled()
        ? Embedders.forRun(run.embedding().spec(), served(indexDir, rebuild)) : null;
    IngestRequest request = run.input() instanceof IndexRun.Tree tree
        ? settings(IngestRequest.directory(tree.root().toAbsolutePath().normalize(), indexDir), run, embedder)
            .scope(new PathScope(tree.paths()))
            .router(tree.extensions().isEmpty() ? Router.defaults() : Router.defaults().withExtensions(tree.extensions()))
            .maxFileBytes(tree.maxFileBytes())
            .build()
        : datasetRequest(indexDir, run, (IndexRun.Dataset) run.input(), embedder);
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
    IngestReport filled = EmbedMissing.run(indexDir, embedder, run.embedding().batchSize(), run.keepGenerations(),
        run.access().lockWait());
    return new IndexOutcome(report, filled);
  }

  private static IngestRequest datasetRequest(Path indexDir, IndexRun run, IndexRun.Dataset dataset,
      EmbedderSpec embedder) {
    return settings(IngestRequest.dataset(dataset.file(), indexDir), run, embedder)
        .kind(dataset.kind())
        .format(dataset.format())
        .build();
  }

  /** The settings every ingest takes, directory or dataset. */
  private static IngestRequest.Builder settings(IngestRequest.Builder builder, IndexRun run, EmbedderSpec embedder) {
    return builder
        .force(run.force())
        .runner(run.execution().runner())
        .beamThreshold(run.execution().beamThreshold())
        .beamArgs(run.execution().beamArgs())
        .keepGenerations(run.keepGenerations())
        .embedder(embedder)
        .embedBatchSize(run.embedding().batchSize())
        .exportParquet(run.exportParquet())
        .progress(run.progress());
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
