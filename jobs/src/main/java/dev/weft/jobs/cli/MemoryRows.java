package dev.weft.jobs.cli;

import dev.weft.context.memory.MemoryHit;
import dev.weft.context.memory.MemoryRecord;
import dev.weft.jobs.view.TsvFields;

/**
 * How memory records and hits print as TSV rows (fields escaped by {@link TsvFields}); their JSON, which the MCP tools
 * return too, is {@link dev.weft.jobs.view.MemoryView}.
 */
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

}
