package dev.weft.index;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * One published generation: which Lucene commit readers open, and what the run that made it saw.
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
    Map<String, Long> counts) {
  public GenerationManifest {
    counts = counts == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(counts));
  }
}
