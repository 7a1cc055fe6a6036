package dev.weft.pipelines.ingest;

import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
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
 * @param embedFailures chunks left without a vector, per reason (empty when none); each chunk is also a line of
 *     the dead-letter file
 * @param notes what the run repaired on its way (damaged files moved aside, a rebuild, a never-served generation
 *     discarded), one line each; empty on a healthy index
 */
public record IngestReport(
    long generation,
    String executor,
    Map<String, Long> counters,
    long files,
    long chunks,
    Path deadLetterFile,
    long elapsedMillis,
    List<EmbedFailureSummary> embedFailures,
    List<String> notes) {
  public IngestReport {
    counters = Collections.unmodifiableMap(new LinkedHashMap<>(counters));
    embedFailures = List.copyOf(embedFailures);
    notes = List.copyOf(notes);
  }

  /** A report of a pass where no embedding failed. */
  public IngestReport(long generation, String executor, Map<String, Long> counters, long files, long chunks,
      Path deadLetterFile, long elapsedMillis) {
    this(generation, executor, counters, files, chunks, deadLetterFile, elapsedMillis, List.of());
  }

  /** A report of a pass with embedding failures and no repair notes. */
  public IngestReport(long generation, String executor, Map<String, Long> counters, long files, long chunks,
      Path deadLetterFile, long elapsedMillis, List<EmbedFailureSummary> embedFailures) {
    this(generation, executor, counters, files, chunks, deadLetterFile, elapsedMillis, embedFailures, List.of());
  }

  /** The stderr line for {@link #embedFailures()}, empty when every chunk has its vector. */
  public String embedFailureLine() {
    return EmbedFailureSummary.line(embedFailures);
  }

  public IngestReport withNotes(List<String> value) {
    return new IngestReport(generation, executor, counters, files, chunks, deadLetterFile, elapsedMillis,
        embedFailures, value);
  }

  public long counter(String name) {
    return counters.getOrDefault(name, 0L);
  }

  public boolean published() {
    return generation >= 0;
  }
}
