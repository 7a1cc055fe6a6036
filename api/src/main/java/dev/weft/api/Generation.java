package dev.weft.api;

import dev.weft.context.embed.EmbedderIdentity;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * One published generation as the API shows it: the fields of its manifest, in the manifest's order (so JSON of it
 * reads as the manifest file does), without exposing the index module's types.
 *
 * @param generation Weft's generation number, what {@code CURRENT} names
 * @param luceneGeneration the Lucene commit generation it reads
 * @param segmentsFileName that commit's {@code segments_N} file
 * @param createdAt ISO-8601 instant of publication
 * @param corpusRoot absolute corpus root (for a dataset, the dataset file)
 * @param chunkerStamp chunker version the run used
 * @param files items in the generation
 * @param chunks chunks in the generation
 * @param counts the run's counters, sorted by name
 * @param embedder the one embedder identity of its vectors; null when none or a mixture
 * @param embedders chunks with a vector per identity ({@code model/dims})
 * @param chunksWithVectors chunks that have a vector
 * @param chunksWithoutVectors chunks that have none
 * @param requestedEmbedder the embedder the last run that named one asked for; null when none did
 * @param source where the items came from; null for a generation published before it was recorded
 */
public record Generation(
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
    Requested requestedEmbedder,
    Source source) {
  public Generation {
    counts = Collections.unmodifiableMap(new TreeMap<>(counts));
    embedders = Collections.unmodifiableMap(new TreeMap<>(embedders));
  }

  /**
   * @param identity the identity its vectors have
   * @param spec the {@code --embedder} form that rebuilds it, or null for one built in code
   */
  public record Requested(EmbedderIdentity identity, String spec) {}

  /**
   * @param kind {@code files} (a directory tree) or {@code dataset} (a file of records)
   * @param location the absolute corpus root or dataset file
   * @param format a dataset's format ({@code jsonl}, {@code parquet}, {@code avro}); null for files
   */
  public record Source(String kind, String location, String format) {}
}
