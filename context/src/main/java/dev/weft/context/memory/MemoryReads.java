package dev.weft.context.memory;

import com.fasterxml.jackson.databind.JsonNode;
import dev.weft.context.store.Store;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/** Reads of one scope: get, count, enumerate and the most recent records. */
final class MemoryReads {
  private final Store store;

  MemoryReads(Store store) {
    this.store = store;
  }

  Optional<MemoryRecord> get(MemoryScope scope, String id) {
    for (MemoryKind kind : MemoryKind.values()) {
      String key = MemoryKeys.item(scope, kind, id);
      Optional<JsonNode> value = store.get(key);
      if (value.isPresent()) {
        return Optional.of(MemoryRecord.fromJson(key, value.get()));
      }
    }
    return Optional.empty();
  }

  long count(MemoryScope scope, MemoryKind kind) {
    return store.keys(kind == null ? MemoryKeys.seqPrefix(scope) : MemoryKeys.kind(scope, kind)).size();
  }

  MemoryPage enumerate(MemoryScope scope, long after, int limit) {
    if (after < 0) {
      throw new IllegalArgumentException("enumerate cursor must be at least 0 (0 for the first page), got: " + after);
    }
    requireLimit(limit);
    List<String> seqKeys = store.keys(MemoryKeys.seqPrefix(scope));
    int from = firstAfter(seqKeys, after);
    List<MemoryRecord> records = new ArrayList<>();
    int i = from;
    long last = after;
    for (; i < seqKeys.size() && records.size() < limit; i++) {
      last = MemoryKeys.seqOf(seqKeys.get(i));
      read(scope, seqKeys.get(i)).ifPresent(records::add);
    }
    return new MemoryPage(records, i < seqKeys.size() ? OptionalLong.of(last) : OptionalLong.empty());
  }

  /** The {@code limit} records remembered last (by first insertion), newest first; of {@code kind} when given. */
  List<MemoryRecord> recent(MemoryScope scope, MemoryKind kind, int limit) {
    requireLimit(limit);
    List<String> seqKeys = store.keys(MemoryKeys.seqPrefix(scope));
    List<MemoryRecord> records = new ArrayList<>();
    for (int i = seqKeys.size() - 1; i >= 0 && records.size() < limit; i--) {
      read(scope, seqKeys.get(i)).filter(r -> kind == null || r.kind() == kind).ifPresent(records::add);
    }
    return records;
  }

  /** The record a sequence entry points at; empty when it was forgotten since the keys were listed. */
  private Optional<MemoryRecord> read(MemoryScope scope, String seqKey) {
    Optional<JsonNode> entry = store.get(seqKey);
    if (entry.isEmpty()) {
      return Optional.empty();
    }
    String id = entry.get().path("id").asText();
    MemoryKind kind = MemoryKind.parse(entry.get().path("kind").asText());
    String key = MemoryKeys.item(scope, kind, id);
    return store.get(key).map(value -> MemoryRecord.fromJson(key, value));
  }

  private static int firstAfter(List<String> seqKeys, long after) {
    int low = 0;
    int high = seqKeys.size();
    while (low < high) {
      int mid = (low + high) >>> 1;
      if (MemoryKeys.seqOf(seqKeys.get(mid)) <= after) {
        low = mid + 1;
      } else {
        high = mid;
      }
    }
    return low;
  }

  static void requireLimit(int limit) {
    if (limit < 1) {
      throw new IllegalArgumentException("limit must be at least 1, got: " + limit);
    }
  }
}
