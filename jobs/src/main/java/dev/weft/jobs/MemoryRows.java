package dev.weft.jobs;

import dev.weft.context.memory.MemoryHit;
import dev.weft.context.memory.MemoryRecord;
import java.util.LinkedHashMap;
import java.util.Map;

/** How memory records and hits print: TSV rows (fields escaped by {@link TsvFields}) and JSON maps. */
final class MemoryRows {
  private MemoryRows() {}

  /** {@code id, kind, by, scope, occurredAt, seq, text}. */
  static String tsv(MemoryRecord record) {
    return TsvFields.row(record.id(), record.kind().id(), record.by().id(), record.scope(), record.occurredAt(),
        record.seq(), record.text());
  }

  /** {@code id, kind, by, occurredAt, score[, cosine], text}: the cosine only when the hit has one, as recall does. */
  static String tsv(MemoryHit hit) {
    MemoryRecord r = hit.record();
    String score = String.format("%.4f", hit.score());
    return hit.cosine() == null
        ? TsvFields.row(r.id(), r.kind().id(), r.by().id(), r.occurredAt(), score, r.text())
        : TsvFields.row(r.id(), r.kind().id(), r.by().id(), r.occurredAt(), score,
            String.format("%.4f", hit.cosine()), r.text());
  }

  static Map<String, Object> json(MemoryRecord record) {
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

  static Map<String, Object> json(MemoryHit hit) {
    Map<String, Object> map = new LinkedHashMap<>();
    map.put("score", hit.score());
    if (hit.lexical() != null) {
      map.put("bm25", hit.lexical());
    }
    if (hit.cosine() != null) {
      map.put("cosine", hit.cosine());
    }
    map.put("memory", json(hit.record()));
    return map;
  }
}
