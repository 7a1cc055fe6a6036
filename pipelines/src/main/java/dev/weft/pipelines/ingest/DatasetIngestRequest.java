package dev.weft.pipelines.ingest;

import dev.weft.context.Kind;
import dev.weft.context.embed.EmbedderSpec;
import dev.weft.transforms.vectors.ChunkEmbedder;
import java.nio.file.Path;
import java.util.Objects;

/**
 * One ingest pass over a dataset file (JSONL, Parquet or Avro records with id, title, text).
 *
 * @param dataset the dataset file ({@code .jsonl}/{@code .ndjson}, {@code .parquet} or {@code .avro})
 * @param indexDir the index directory (created when missing)
 * @param kind the kind every record is routed to (records of a dataset are {@code doc} items by default)
 * @param format the chunking format for the record text ({@code text}: paragraph packing)
 * @param force re-chunk every record even when its content is unchanged
 * @param keepGenerations published generations kept for rollback
 * @param progress where progress goes
 * @param embedder the embedder that gives chunks vectors, or null to index without them
 * @param embedBatchSize chunks per embedding call
 */
public record DatasetIngestRequest(
    Path dataset, Path indexDir, Kind kind, String format, boolean force, int keepGenerations,
    IngestProgress progress, EmbedderSpec embedder, int embedBatchSize) {
  public DatasetIngestRequest {
    Objects.requireNonNull(dataset, "dataset");
    Objects.requireNonNull(indexDir, "indexDir");
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(format, "format");
    Objects.requireNonNull(progress, "progress");
    if (keepGenerations < 1) {
      throw new IllegalArgumentException("keepGenerations must be at least 1, got: " + keepGenerations);
    }
    if (embedBatchSize < 1) {
      throw new IllegalArgumentException("embed batch size must be at least 1, got: " + embedBatchSize);
    }
  }

  public static DatasetIngestRequest of(Path dataset, Path indexDir) {
    return new DatasetIngestRequest(dataset, indexDir, Kind.DOC, "text", false,
        IngestRequest.DEFAULT_KEEP_GENERATIONS, IngestProgress.NONE, null, ChunkEmbedder.DEFAULT_BATCH_SIZE);
  }

  public DatasetIngestRequest withKind(Kind value) {
    return new DatasetIngestRequest(dataset, indexDir, value, format, force, keepGenerations, progress, embedder, embedBatchSize);
  }

  public DatasetIngestRequest withFormat(String value) {
    return new DatasetIngestRequest(dataset, indexDir, kind, value, force, keepGenerations, progress, embedder, embedBatchSize);
  }

  public DatasetIngestRequest withForce(boolean value) {
    return new DatasetIngestRequest(dataset, indexDir, kind, format, value, keepGenerations, progress, embedder, embedBatchSize);
  }

  public DatasetIngestRequest withKeepGenerations(int value) {
    return new DatasetIngestRequest(dataset, indexDir, kind, format, force, value, progress, embedder, embedBatchSize);
  }

  public DatasetIngestRequest withEmbedder(EmbedderSpec value) {
    return new DatasetIngestRequest(dataset, indexDir, kind, format, force, keepGenerations, progress, value,
        embedBatchSize);
  }

  public DatasetIngestRequest withEmbedBatchSize(int value) {
    return new DatasetIngestRequest(dataset, indexDir, kind, format, force, keepGenerations, progress, embedder,
        value);
  }

  public DatasetIngestRequest withProgress(IngestProgress value) {
    return new DatasetIngestRequest(dataset, indexDir, kind, format, force, keepGenerations, value, embedder, embedBatchSize);
  }
}
