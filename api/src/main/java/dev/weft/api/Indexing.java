package dev.weft.api;

import dev.weft.context.IndexLocation;
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
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Runs an {@link IndexRun}: its ingest request (the run's own source and settings, with the embedder chosen here),
 * and the orchestration around a run — which embedder a bare "embed" means, and the pass that embeds chunks the run
 * did not touch.
 */
final class Indexing {
  private Indexing() {}

  static IndexOutcome run(IndexLocation index, IndexRun run) {
    return run(index, run, new Ingester());
  }

  /**
   * As {@link #run(IndexLocation, IndexRun)} with {@code ingester} (a watch's, with its stop gate before the
   * publish). The index is opened once for the whole run: the embedder choice reads its served generation, the
   * ingest writes through it, and the fill of chunks left without vectors reads and writes through it again.
   */
  static IndexOutcome run(IndexLocation index, IndexRun run, Ingester ingester) {
    if (!run.embedding().enabled()) {
      IngestRequest request = new IngestRequest(run.source(), index, run.settings().withEmbedder(null));
      return new IndexOutcome(ingester.run(request, run.access()), null);
    }
    boolean rebuild = run.access().rebuild();
    try (OpenOnce opened = new OpenOnce(index)) {
      // an index that does not exist yet is created by the ingest once its source is checked, not to choose its
      // embedder: a refused source or spec leaves no directory behind
      EmbedderSpec embedder = Embedders.forRun(run.embedding().spec(),
          index.exists() ? served(opened.get(), rebuild) : Optional.empty());
      IngestRequest request = new IngestRequest(run.source(), index, run.settings().withEmbedder(embedder));
      IngestReport report = ingester.run(request, run.access(), opened);
      if (report.counter(IngestCounters.EMBED_FAILED) > 0) {
        // a failed batch is left to embed-missing rather than calling a failing endpoint again at once
        return new IndexOutcome(report, null);
      }
      // Chunks of unchanged items indexed before embedding was asked for have no vector, and this run did not touch
      // them: give them one now, so "embed" means every chunk has a vector.
      if (served(opened.get(), rebuild).map(GenerationManifest::chunksWithoutVectors).orElse(0L) == 0) {
        return new IndexOutcome(report, null);
      }
      IngestReport filled = EmbedMissing.run(opened.get(), embedder, run.settings().embedBatchSize(),
          run.settings().keepGenerations(), run.access().lockWait());
      return new IndexOutcome(report, filled);
    }
  }

  /**
   * A watch of the run's directory tree ({@code weft index --watch}): each window with changes runs this same run
   * through the watch's ingester. Refuses what would make every window re-do everything, and a dataset.
   */
  static IndexWatch watch(IndexLocation index, IndexRun run, IndexWatch.WatchSettings settings,
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
    return IndexWatch.of(tree.root(), index, settings, ingester -> run(index, run, ingester).ingest(), listener);
  }

  /**
   * The served generation's manifest (its vector counts and identity), without opening a reader; nothing for a
   * rebuild, which reads nothing of it.
   */
  private static Optional<GenerationManifest> served(CorpusIndex opened, boolean rebuild) {
    return rebuild ? Optional.empty() : opened.current();
  }

  /** The run's one open of its index, made on first use (the ingest creates a missing index) and closed after it. */
  private static final class OpenOnce implements Supplier<CorpusIndex>, AutoCloseable {
    private final IndexLocation index;
    private CorpusIndex opened;

    OpenOnce(IndexLocation index) {
      this.index = index;
    }

    @Override
    public CorpusIndex get() {
      if (opened == null) {
        opened = CorpusIndex.open(index);
      }
      return opened;
    }

    @Override
    public void close() {
      if (opened != null) {
        opened.close();
      }
    }
  }
}
