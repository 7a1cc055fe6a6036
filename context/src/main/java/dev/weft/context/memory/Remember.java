package dev.weft.context.memory;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;

/**
 * The options of {@link Memory#remember}; every part may be null for its default.
 *
 * @param kind default {@link MemoryKind#FACT}
 * @param by default {@link MemoryAuthor#AGENT}
 * @param occurredAt default the write time
 * @param meta default an empty object; must be a JSON object
 * @param scope default the memory's own scope (GLOBAL unless it has one; refused when the memory is strict)
 */
public record Remember(MemoryKind kind, MemoryAuthor by, Instant occurredAt, JsonNode meta, MemoryScope scope) {
  public Remember {
    if (meta != null && !meta.isObject()) {
      throw new IllegalArgumentException("meta must be a JSON object, got: " + meta);
    }
  }

  public static Remember defaults() {
    return new Remember(null, null, null, null, null);
  }

  public static Remember kind(MemoryKind kind) {
    return defaults().withKind(kind);
  }

  public Remember withKind(MemoryKind newKind) {
    return new Remember(newKind, by, occurredAt, meta, scope);
  }

  public Remember withBy(MemoryAuthor newBy) {
    return new Remember(kind, newBy, occurredAt, meta, scope);
  }

  public Remember withOccurredAt(Instant newOccurredAt) {
    return new Remember(kind, by, newOccurredAt, meta, scope);
  }

  public Remember withMeta(JsonNode newMeta) {
    return new Remember(kind, by, occurredAt, newMeta, scope);
  }

  public Remember withScope(MemoryScope newScope) {
    return new Remember(kind, by, occurredAt, meta, newScope);
  }

  MemoryKind kindOrDefault() {
    return kind == null ? MemoryKind.FACT : kind;
  }

  MemoryAuthor byOrDefault() {
    return by == null ? MemoryAuthor.AGENT : by;
  }
}
