package dev.weft.pipelines.ingest;

import dev.weft.context.Chunk;
import dev.weft.context.Elapsed;
import dev.weft.context.IndexLocation;
import dev.weft.context.embed.EmbedderIdentity;
import dev.weft.context.embed.EmbedderSpec;
import dev.weft.context.error.ExitStatus;
import dev.weft.context.error.WeftException;
import dev.weft.context.generation.GenerationManifest;
import dev.weft.index.CorpusIndex;
import dev.weft.index.CorpusSearcher;
import dev.weft.index.EmbedderMismatchException;
import dev.weft.index.IndexUpdate;
import dev.weft.index.UpdateOptions;
import dev.weft.transforms.vectors.ChunkEmbedder;
import dev.weft.transforms.vectors.CircuitBreaker;
import dev.weft.transforms.vectors.VectorReuse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Fills in the vectors of chunks indexed without one (their embed batch failed, or the index was built
 * without embeddings) and publishes a new generation. When no chunk lacks a vector nothing is embedded, no
 * embedder is even created, and nothing is published. When chunks lacked one and none could be embedded (the
 * endpoint still fails) nothing is published either, and the run fails with {@link ExitStatus#IO_FAILURE}.
 */
public final class EmbedMissing {
  private EmbedMissing() {}

  /**
   * @return the run report; {@code published()} is false when nothing was missing
   * @throws EmbedderMismatchException when the index holds vectors of another model (or a mixture)
   * @throws WeftException ({@link ExitStatus#IO_FAILURE}) naming the embedder and the reasons when chunks lacked a
   *     vector and every one of them failed again
   */
  public static IngestReport run(IndexLocation index, EmbedderSpec spec, int batchSize, int keepGenerations) {
    return run(index, spec, batchSize, keepGenerations, Duration.ZERO);
  }

  /** As above, waiting up to {@code lockWait} for another run's write lock. */
  public static IngestReport run(IndexLocation index, EmbedderSpec spec, int batchSize, int keepGenerations,
      Duration lockWait) {
    try (CorpusIndex opened = CorpusIndex.openExisting(index)) {
      return run(opened, spec, batchSize, keepGenerations, lockWait);
    }
  }

  /**
   * As above on an index already open, which must have published a generation: the facade's embedding run fills
   * the chunks its ingest left without vectors through the index it ingested with.
   */
  public static IngestReport run(CorpusIndex index, EmbedderSpec spec, int batchSize, int keepGenerations,
      Duration lockWait) {
    long start = System.nanoTime();
    EmbedderIdentity identity = spec.identity();
    try (CorpusSearcher searcher = index.searcher()) {
      EmbedderGuard.requireCompatible(searcher, identity);
      GenerationManifest base = searcher.generation();
      if (searcher.vectorCensus().chunksWithoutVectors() == 0) {
        return new IngestReport(-1, "none", counters(new EmbedCounts()), base.files(), base.chunks(), null,
            Elapsed.millisSince(start));
      }
      EmbedCounts counts = new EmbedCounts();
      UpdateOptions options = new UpdateOptions(base.corpusRoot(), keepGenerations, IngestStamp.CURRENT,
          RequestedEmbedders.of(spec), lockWait, false);
      try (IndexUpdate update = index.beginUpdate(options)) {
        ChunkEmbedder embedder = new ChunkEmbedder(spec.create(), VectorReuse.NONE, batchSize,
            new CircuitBreaker(spec.breakerThreshold()));
        try {
          for (List<Chunk> batch : searcher.chunksWithoutVectors(batchSize)) {
            ChunkEmbedder.Result result = embedder.embed(batch);
            counts.add(result);
            update.setVectors(batch, result.vectors());
          }
        } finally {
          counts.truncated.addAndGet(embedder.embedder().truncated());
          embedder.embedder().close();
        }
        if (counts.embedded.get() == 0 && counts.failed.get() > 0) {
          // a generation identical to the served one would only hide that nothing worked
          throw new WeftException(ExitStatus.IO_FAILURE, "embed-missing published nothing: no chunk could be "
              + "embedded with " + RequestedEmbedders.describe(spec) + "; "
              + EmbedFailureSummary.line(counts.summaries())
              + "; run weft embed-missing again once the embedder works (or name another with --embedder)");
        }
        update.commit();
        Map<String, Long> counters = counters(counts);
        GenerationManifest published = update.publish(counters);
        Path deadLetterFile =
            DeadLetterLog.write(index.location(), "gen-" + published.generation(), counts.failures());
        return new IngestReport(published.generation(), "in-process", counters, published.files(),
            published.chunks(), deadLetterFile, Elapsed.millisSince(start), counts.summaries());
      }
    }
  }

  private static Map<String, Long> counters(EmbedCounts counts) {
    return RunCounters.of(0, 0, 0, 0, 0, 0, counts, List.of());
  }
}
