package dev.weft.pipelines.ingest;

import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What one pass did.
 *
 * @param generation the generation it published, or -1 when there was nothing to do
 * @param executor the executor that ran the change set ({@code none} for a no-op)
 * @param counters added, updated, removed, unchanged, empty, chunks, skipped by reason, errors — in that order
 * @param files files in the served generation after the pass
 * @param chunks chunks in the served generation after the pass
 * @param deadLetterFile the run's dead-letter JSONL, or null when nothing was refused
 * @param elapsedMillis wall time of the pass
 */
public record IngestReport(
    long generation,
    String executor,
    Map<String, Long> counters,
    long files,
    long chunks,
    Path deadLetterFile,
    long elapsedMillis) {
  public IngestReport {
    counters = Collections.unmodifiableMap(new LinkedHashMap<>(counters));
  }

  public long counter(String name) {
    return counters.getOrDefault(name, 0L);
  }

  public boolean published() {
    return generation >= 0;
  }
}
