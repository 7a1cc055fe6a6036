package dev.weft.context.generation;

import dev.weft.context.embed.EmbedderIdentity;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * One published generation: which Lucene commit readers open, and what the run that made it saw.
 * Manifests written before vectors existed read with no embedder and zero vector counts; those written before the
 * requested embedder was recorded read with none; those written before the source was recorded read with none
 * (the legacy rule then applies: a corpus root that is a regular file is a dataset).
 *
 * @param generation Weft's generation number, what {@code CURRENT} names
 * @param luceneGeneration {@code IndexCommit.getGeneration()} of the commit this generation reads
 * @param segmentsFileName that commit's {@code segments_N} file
 * @param createdAt ISO-8601 instant of publication
 * @param corpusRoot absolute corpus root the paths are relative to
 * @param chunkerStamp chunker version the run used
 * @param files file-state documents in the commit
 * @param chunks chunk documents in the commit
 * @param counts the run's counters ({@code indexed}, {@code unchanged}, ...), sorted by name
 * @param embedder the one embedder identity of the commit's vectors; null when it has none, or a mixture
 * @param embedders chunks with a vector per identity ({@code model/dims}), sorted; two or more is a mixture
 * @param chunksWithVectors chunk documents that have a vector
 * @param chunksWithoutVectors chunk documents that have none, which {@code weft embed-missing} fills in
 * @param requestedEmbedder the embedder the last run that named one asked for, even if it made no vector; null
 *     when no run named one
 * @param source where the items came from (a directory tree or a dataset file), which {@code get} reads them
 *     back from; null in manifests written before it was recorded
 */
public record GenerationManifest(
    long generation,
    long luceneGeneration,
    String segmentsFileName,
    String createdAt,
    String corpusRoot,
    String chunkerStamp,
    long files,
    long chunks,
    Map<String, Long> counts,
    EmbedderIdentity embedder,
    Map<String, Long> embedders,
    long chunksWithVectors,
    long chunksWithoutVectors,
    RequestedEmbedder requestedEmbedder,
    CorpusSource source) {
  /**
   * Published generations a run keeps for rollback unless told otherwise: the one default of {@code --keep} (CLI),
   * {@code keepGenerations} (library, Beam options, the index update) everywhere.
   */
  public static final int DEFAULT_KEEP_GENERATIONS = 5;

  public GenerationManifest {
    counts = sorted(counts);
    embedders = sorted(embedders);
  }

  /** A manifest with no source recorded. */
  public GenerationManifest(long generation, long luceneGeneration, String segmentsFileName, String createdAt,
      String corpusRoot, String chunkerStamp, long files, long chunks, Map<String, Long> counts,
      EmbedderIdentity embedder, Map<String, Long> embedders, long chunksWithVectors, long chunksWithoutVectors,
      RequestedEmbedder requestedEmbedder) {
    this(generation, luceneGeneration, segmentsFileName, createdAt, corpusRoot, chunkerStamp, files, chunks, counts,
        embedder, embedders, chunksWithVectors, chunksWithoutVectors, requestedEmbedder, null);
  }

  /** A manifest with no requested embedder and no source recorded. */
  public GenerationManifest(long generation, long luceneGeneration, String segmentsFileName, String createdAt,
      String corpusRoot, String chunkerStamp, long files, long chunks, Map<String, Long> counts,
      EmbedderIdentity embedder, Map<String, Long> embedders, long chunksWithVectors, long chunksWithoutVectors) {
    this(generation, luceneGeneration, segmentsFileName, createdAt, corpusRoot, chunkerStamp, files, chunks, counts,
        embedder, embedders, chunksWithVectors, chunksWithoutVectors, null, null);
  }

  private static Map<String, Long> sorted(Map<String, Long> map) {
    return map == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(map));
  }
}
