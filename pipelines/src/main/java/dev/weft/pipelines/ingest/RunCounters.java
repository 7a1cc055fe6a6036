package dev.weft.pipelines.ingest;

import dev.weft.context.DeadLetter;
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
    counters.put("added", added);
    counters.put("updated", updated);
    counters.put("removed", removed);
    counters.put("unchanged", unchanged);
    counters.put("empty", empty);
    counters.put("chunks", chunks);
    counters.put("embedded", embed.embedded.get());
    counters.put("vectors_reused", embed.reused.get());
    counters.put("embed_failed", embed.failed.get());
    // only the reasons that occurred: a run that embedded everything keeps the table it always had
    for (EmbedFailureSummary summary : embed.summaries()) {
      counters.put(EmbedFailureSummary.COUNTER_PREFIX + summary.reason(), summary.chunks());
    }
    counters.put("truncated", embed.truncated.get());
    for (SkipReason reason : SkipReason.values()) {
      if (reason != SkipReason.EMPTY) {
        counters.put("skipped." + reason.counter(), 0L);
      }
    }
    counters.put("errors", 0L);
    for (DeadLetter letter : deadLetters) {
      String key = "errors".equals(letter.reason()) ? "errors" : "skipped." + letter.reason();
      counters.merge(key, 1L, Long::sum);
    }
    return counters;
  }
}
