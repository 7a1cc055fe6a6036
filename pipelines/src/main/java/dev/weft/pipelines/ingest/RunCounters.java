package dev.weft.pipelines.ingest;

import dev.weft.context.DeadLetter;
import dev.weft.context.IngestCounters;
import dev.weft.context.SkipReason;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds a run's counters in their fixed order, so tables and JSON always list the same names; the one exception
 * is {@code embed_failed.<reason>}, listed (in the fixed reason order) only for reasons that occurred.
 */
final class RunCounters {
  private RunCounters() {}

  static Map<String, Long> of(long added, long updated, long removed, long unchanged, long empty, long chunks,
      List<DeadLetter> deadLetters) {
    return of(added, updated, removed, unchanged, empty, chunks, new EmbedCounts(), deadLetters);
  }

  static Map<String, Long> of(long added, long updated, long removed, long unchanged, long empty, long chunks,
      EmbedCounts embed, List<DeadLetter> deadLetters) {
    Map<String, Long> counters = new LinkedHashMap<>();
    counters.put(IngestCounters.ADDED, added);
    counters.put(IngestCounters.UPDATED, updated);
    counters.put(IngestCounters.REMOVED, removed);
    counters.put(IngestCounters.UNCHANGED, unchanged);
    counters.put(IngestCounters.EMPTY, empty);
    counters.put(IngestCounters.CHUNKS, chunks);
    counters.put(IngestCounters.EMBEDDED, embed.embedded.get());
    counters.put(IngestCounters.VECTORS_REUSED, embed.reused.get());
    counters.put(IngestCounters.EMBED_FAILED, embed.failed.get());
    // only the reasons that occurred: a run that embedded everything keeps the table it always had
    for (EmbedFailureSummary summary : embed.summaries()) {
      counters.put(IngestCounters.embedFailed(summary.reason()), summary.chunks());
    }
    counters.put(IngestCounters.TRUNCATED, embed.truncated.get());
    for (SkipReason reason : SkipReason.values()) {
      if (reason != SkipReason.EMPTY) {
        counters.put(IngestCounters.skipped(reason.counter()), 0L);
      }
    }
    counters.put(IngestCounters.ERRORS, 0L);
    for (DeadLetter letter : deadLetters) {
      counters.merge(IngestCounters.forDeadLetter(letter.reason()), 1L, Long::sum);
    }
    return counters;
  }
}
