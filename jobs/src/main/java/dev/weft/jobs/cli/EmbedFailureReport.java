package dev.weft.jobs.cli;

import dev.weft.jobs.view.TsvFields;
import dev.weft.pipelines.ingest.IngestReport;
import java.io.PrintWriter;

/**
 * The one stderr line of a run whose embedding failed for some chunks. The run still exits 0: the chunks are
 * indexed (without vectors) and {@code weft embed-missing} fills them in, so the line says that and where the
 * per-chunk dead letters are.
 */
final class EmbedFailureReport {
  private EmbedFailureReport() {}

  static void print(IngestReport report, PrintWriter err) {
    String line = report.embedFailureLine();
    if (line.isEmpty()) {
      return;
    }
    String where = report.deadLetterFile() == null ? "" : " (one dead letter per chunk in "
        + report.deadLetterFile() + ")";
    err.println("weft: " + TsvFields.printable(line + "; those chunks are indexed without vectors" + where
        + ": run weft embed-missing once the embedder works"));
    err.flush();
  }
}
