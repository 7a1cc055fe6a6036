package dev.weft.context.memory;

import com.fasterxml.jackson.databind.JsonNode;
import dev.weft.context.store.Store;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;

/**
 * What the recall log says about a scope: which records recalls returned, and how often. Review candidates are
 * agent-written records recalled at least {@code threshold} times (used often, never confirmed by a human);
 * promotion candidates are episodes recalled at least {@code threshold} times (a recurring episode is a fact).
 */
final class RecallLog {
  private final Store store;
  private final MemoryReads reads;

  RecallLog(Store store, MemoryReads reads) {
    this.store = store;
    this.reads = reads;
  }

  List<RecallCandidate> review(MemoryScope scope, int threshold) {
    return candidates(scope, threshold, record -> record.by() == MemoryAuthor.AGENT);
  }

  List<RecallCandidate> promotion(MemoryScope scope, int threshold) {
    return candidates(scope, threshold, record -> record.kind() == MemoryKind.EPISODE);
  }

  private List<RecallCandidate> candidates(MemoryScope scope, int threshold, Predicate<MemoryRecord> which) {
    if (threshold < 1) {
      throw new IllegalArgumentException("candidate threshold must be at least 1 recall, got: " + threshold);
    }
    Map<String, Integer> recalls = new TreeMap<>();
    for (String key : store.keys(MemoryKeys.logPrefix(scope))) {
      store.get(key).ifPresent(entry -> {
        for (JsonNode id : entry.path("ids")) {
          recalls.merge(id.asText(), 1, Integer::sum);
        }
      });
    }
    List<RecallCandidate> candidates = new ArrayList<>();
    recalls.forEach((id, count) -> {
      if (count >= threshold) {
        reads.get(scope, id).filter(which).ifPresent(record -> candidates.add(new RecallCandidate(record, count)));
      }
    });
    candidates.sort(Comparator.comparingInt(RecallCandidate::recalls).reversed()
        .thenComparing(c -> c.record().id()));
    return candidates;
  }
}
