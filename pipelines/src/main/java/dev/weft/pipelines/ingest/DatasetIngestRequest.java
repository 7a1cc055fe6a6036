package dev.weft.pipelines.ingest;

import dev.weft.context.Kind;
import java.nio.file.Path;
import java.util.Objects;

/**
 * One ingest pass over a dataset file (JSONL records with id, title, text).
 *
 * @param dataset the dataset file
 * @param indexDir the index directory (created when missing)
 * @param kind the kind every record is routed to (records of a dataset are {@code doc} items by default)
 * @param format the chunking format for the record text ({@code text}: paragraph packing)
 * @param force re-chunk every record even when its content is unchanged
 * @param keepGenerations published generations kept for rollback
 * @param progress where progress goes
 */
public record DatasetIngestRequest(
    Path dataset, Path indexDir, Kind kind, String format, boolean force, int keepGenerations,
    IngestProgress progress) {
  public DatasetIngestRequest {
    Objects.requireNonNull(dataset, "dataset");
    Objects.requireNonNull(indexDir, "indexDir");
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(format, "format");
    Objects.requireNonNull(progress, "progress");
    if (keepGenerations < 1) {
      throw new IllegalArgumentException("keepGenerations must be at least 1, got: " + keepGenerations);
    }
  }

  public static DatasetIngestRequest of(Path dataset, Path indexDir) {
    return new DatasetIngestRequest(dataset, indexDir, Kind.DOC, "text", false,
        IngestRequest.DEFAULT_KEEP_GENERATIONS, IngestProgress.NONE);
  }

  public DatasetIngestRequest withKind(Kind value) {
    return new DatasetIngestRequest(dataset, indexDir, value, format, force, keepGenerations, progress);
  }

  public DatasetIngestRequest withFormat(String value) {
    return new DatasetIngestRequest(dataset, indexDir, kind, value, force, keepGenerations, progress);
  }

  public DatasetIngestRequest withForce(boolean value) {
    return new DatasetIngestRequest(dataset, indexDir, kind, format, value, keepGenerations, progress);
  }

  public DatasetIngestRequest withKeepGenerations(int value) {
    return new DatasetIngestRequest(dataset, indexDir, kind, format, force, value, progress);
  }

  public DatasetIngestRequest withProgress(IngestProgress value) {
    return new DatasetIngestRequest(dataset, indexDir, kind, format, force, keepGenerations, value);
  }
}
