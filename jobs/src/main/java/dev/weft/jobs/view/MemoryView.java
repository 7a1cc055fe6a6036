package dev.weft.jobs.view;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.weft.context.memory.ForgetSelector;
import dev.weft.context.memory.Memory;
import dev.weft.context.memory.MemoryAuthor;
import dev.weft.context.memory.MemoryHit;
import dev.weft.context.memory.MemoryKind;
import dev.weft.context.memory.MemoryPage;
import dev.weft.context.memory.MemoryRecord;
import dev.weft.context.memory.MemoryScope;
import dev.weft.context.memory.Remembered;
import java.io.IOException;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalLong;

/**
 * The memory's JSON shapes (a record, a hit, a remember, a page) and the values {@code weft remember}, {@code weft
 * forget} and {@code weft memory list} read, as their MCP tools read them too. The TSV rows are {@code MemoryRows}.
 */
public final class MemoryView {
  private MemoryView() {}

  public static Map<String, Object> record(MemoryRecord record) {
    Map<String, Object> map = new LinkedHashMap<>();
    map.put("id", record.id());
    map.put("text", record.text());
    map.put("kind", record.kind().id());
    map.put("by", record.by().id());
    map.put("scope", record.scope().toString());
    map.put("occurredAt", record.occurredAt().toString());
    map.put("createdAt", record.createdAt().toString());
    map.put("updatedAt", record.updatedAt().toString());
    map.put("seq", record.seq());
    map.put("meta", record.meta());
    map.put("embedder", record.embedder().map(Object::toString).orElse(null));
    return map;
  }

  public static Map<String, Object> hit(MemoryHit hit) {
    Map<String, Object> map = new LinkedHashMap<>();
    map.put("score", hit.score());
    if (hit.lexical() != null) {
      map.put("bm25", hit.lexical());
    }
    if (hit.cosine() != null) {
      map.put("cosine", hit.cosine());
    }
    map.put("memory", record(hit.record()));
    return map;
  }

  /** What {@code weft remember --json} prints and the MCP remember returns. */
  public static Map<String, Object> remembered(Remembered done) {
    Map<String, Object> map = new LinkedHashMap<>();
    map.put("status", done.created() ? "created" : "updated");
    map.put("pruned", done.pruned());
    map.put("embedFailure", done.embedFailure().orElse(null));
    map.put("memory", record(done.record()));
    return map;
  }

  /** What {@code weft memory list --json} prints and the MCP memory_list returns. */
  public static Map<String, Object> page(MemoryPage page) {
    Map<String, Object> map = new LinkedHashMap<>();
    map.put("records", page.records().stream().map(MemoryView::record).toList());
    map.put("next", page.next().isPresent() ? page.next().getAsLong() : null);
    return map;
  }

  /** A page in insertion order after {@code after}, or with {@code recent} the newest {@code n} (of kind). */
  public static MemoryPage page(Memory m, MemoryScope scope, String kind, boolean recent, long after, int n) {
    MemoryKind only = kind == null ? null : MemoryKind.parse(kind);
    if (!recent && only != null) {
      throw new IllegalArgumentException("--kind filters --recent only; list pages every kind in insertion "
          + "order (use `weft memory list --recent --kind " + kind + "`, or `weft memory count --kind " + kind
          + "`)");
    }
    return recent ? new MemoryPage(m.recentMemory(scope, only, n), OptionalLong.empty())
        : m.enumerate(scope, after, n);
  }

  /** Forgets {@code id} with its segments, or in bulk by kind and/or author; how many records went. */
  public static int forget(Memory memory, String id, String kind, String by, MemoryScope scope) {
    if (id != null && (kind != null || by != null)) {
      throw new IllegalArgumentException("forget takes an ID or --kind/--by, not both, got: ID '" + id
          + "' with --kind/--by; forget the id alone, or select in bulk without one");
    }
    if (id == null && kind == null && by == null) {
      throw new IllegalArgumentException("forget needs an ID, or --kind and/or --by to forget in bulk, got none");
    }
    return id != null ? memory.forget(id, scope) : memory.forget(new ForgetSelector(
        kind == null ? null : MemoryKind.parse(kind), by == null ? null : MemoryAuthor.parse(by)), scope);
  }

  /** {@code --occurred-at} (occurredAt): an ISO-8601 instant, or null when not given. */
  public static Instant instant(String value) {
    if (value == null) {
      return null;
    }
    try {
      return Instant.parse(value);
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException("--occurred-at must be an ISO-8601 instant like 2026-01-31T09:00:00Z, got: "
          + value);
    }
  }

  /** {@code --meta} (meta): a JSON object. */
  public static JsonNode object(String value) {
    try {
      JsonNode node = new ObjectMapper().readTree(value);
      if (node == null || !node.isObject()) {
        throw new IllegalArgumentException("--meta must be a JSON object like {\"source\":\"chat\"}, got: " + value);
      }
      return node;
    } catch (IOException e) {
      throw new IllegalArgumentException("--meta must be a JSON object like {\"source\":\"chat\"}, got: " + value
          + " (" + e.getMessage().lines().findFirst().orElse("") + ")");
    }
  }
}
