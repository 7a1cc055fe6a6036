package dev.weft.context.memory;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.weft.context.embed.EmbedderIdentity;
import dev.weft.context.store.StoredEmbedding;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * One remembered item as it is stored (value of {@code memory/SCOPE/KIND/ID}).
 *
 * @param id the caller's id, unique per scope across kinds (remembering it again replaces it)
 * @param text what is remembered; what recall searches
 * @param kind fact, episode or doc
 * @param by who wrote it last
 * @param scope whose it is
 * @param occurredAt when it happened (episodes are pruned by it); the write time unless given
 * @param createdAt when the id was first remembered in this scope
 * @param updatedAt when it was last remembered
 * @param seq its insertion number in the scope, kept across upserts, never reused
 * @param meta free JSON the caller attached (an empty object when none)
 * @param embedder the model its stored vector came from, empty when it has none
 */
public record MemoryRecord(
    String id, String text, MemoryKind kind, MemoryAuthor by, MemoryScope scope, Instant occurredAt,
    Instant createdAt, Instant updatedAt, long seq, JsonNode meta, Optional<EmbedderIdentity> embedder) {
  public MemoryRecord {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(text, "text");
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(by, "by");
    Objects.requireNonNull(scope, "scope");
    Objects.requireNonNull(occurredAt, "occurredAt");
    Objects.requireNonNull(createdAt, "createdAt");
    Objects.requireNonNull(updatedAt, "updatedAt");
    meta = meta == null ? JsonNodeFactory.instance.objectNode() : meta.deepCopy();
    embedder = embedder == null ? Optional.empty() : embedder;
  }

  /** The stored value; {@code embedding} is added by the writer when there is one. */
  ObjectNode toJson() {
    ObjectNode node = JsonNodeFactory.instance.objectNode();
    node.put("id", id);
    node.put("text", text);
    node.put("kind", kind.id());
    node.put("by", by.id());
    node.put("owner", scope.owner());
    node.put("session", scope.session());
    node.put("occurredAt", occurredAt.toString());
    node.put("createdAt", createdAt.toString());
    node.put("updatedAt", updatedAt.toString());
    node.put("seq", seq);
    node.set("meta", meta.deepCopy());
    return node;
  }

  /** Reads a stored value back; a value that is not a memory record is refused naming the key. */
  static MemoryRecord fromJson(String key, JsonNode node) {
    try {
      Optional<EmbedderIdentity> embedder = StoredEmbedding.of(node).map(StoredEmbedding::identity);
      return new MemoryRecord(text(node, "id"), text(node, "text"), MemoryKind.parse(text(node, "kind")),
          MemoryAuthor.parse(text(node, "by")), new MemoryScope(optionalText(node, "owner"),
          optionalText(node, "session")), Instant.parse(text(node, "occurredAt")),
          Instant.parse(text(node, "createdAt")), Instant.parse(text(node, "updatedAt")),
          node.path("seq").asLong(), node.get("meta"), embedder);
    } catch (RuntimeException e) {
      throw new IllegalStateException("the value under '" + key + "' is not a memory record (" + e.getMessage()
          + "); forget that id or restore the store from a backup", e);
    }
  }

  private static String text(JsonNode node, String field) {
    JsonNode value = node.get(field);
    if (value == null || !value.isTextual()) {
      throw new IllegalArgumentException("field '" + field + "' must be text, got: " + value);
    }
    return value.textValue();
  }

  private static String optionalText(JsonNode node, String field) {
    JsonNode value = node.get(field);
    return value == null || value.isNull() ? null : value.asText();
  }
}
