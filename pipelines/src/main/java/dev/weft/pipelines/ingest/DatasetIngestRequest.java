package dev.weft.pipelines.ingest;

import dev.weft.context.Kind;
import dev.weft.context.embed.EmbedderSpec;
import dev.weft.transforms.vectors.ChunkEmbedder;
import java.nio.file.Path;
import java.util.List;
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
 * @param runner the executor, or {@code AUTO} to choose by the number of records to chunk
 * @param beamThreshold with {@code AUTO}, at least this many records to chunk run on Beam (as for directories)
 * @param beamArgs extra Beam pipeline arguments ({@code --flinkMaster=host:port}, {@code --parallelism=4})
 * @param exportParquet also write the chunks this run writes as a Parquet dataset into this directory, or null
 */
public record DatasetIngestRequest(
    Path dataset, Path indexDir, Kind kind, String format, boolean force, int keepGenerations,
    IngestProgress progress, EmbedderSpec embedder, int embedBatchSize, RunnerChoice runner, int beamThreshold,
    List<String> beamArgs, Path exportParquet) {
  public DatasetIngestRequest {
    Objects.requireNonNull(dataset, "dataset");
    Objects.requireNonNull(indexDir, "indexDir");
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(format, "format");
    Objects.requireNonNull(progress, "progress");
    Objects.requireNonNull(runner, "runner");
    beamArgs = List.copyOf(beamArgs);
    if (keepGenerations < 1) {
      throw new IllegalArgumentException("keepGenerations must be at least 1, got: " + keepGenerations);
    }
    if (embedBatchSize < 1) {
      throw new IllegalArgumentException("embed batch size must be at least 1, got: " + embedBatchSize);
    }
    if (beamThreshold < 1) {
      throw new IllegalArgumentException("beam threshold must be at least 1, got: " + beamThreshold);
    }
  }

  public static DatasetIngestRequest of(Path dataset, Path indexDir) {
    return new DatasetIngestRequest(dataset, indexDir, Kind.DOC, "text", false,
        IngestRequest.DEFAULT_KEEP_GENERATIONS, IngestProgress.NONE, null, ChunkEmbedder.DEFAULT_BATCH_SIZE,
        RunnerChoice.AUTO, IngestRequest.DEFAULT_BEAM_THRESHOLD, List.of(), null);
  }

  public DatasetIngestRequest withKind(Kind value) {
    return new DatasetIngestRequest(dataset, indexDir, value, format, force, keepGenerations, progress, embedder,
        embedBatchSize, runner, beamThreshold, beamArgs, exportParquet);
  }

  public DatasetIngestRequest withFormat(String value) {
    return new DatasetIngestRequest(dataset, indexDir, kind, value, force, keepGenerations, progress, embedder,
        embedBatchSize, runner, beamThreshold, beamArgs, exportParquet);
  }

  public DatasetIngestRequest withForce(boolean value) {
    return new DatasetIngestRequest(dataset, indexDir, kind, format, value, keepGenerations, progress, embedder,
        embedBatchSize, runner, beamThreshold, beamArgs, exportParquet);
  }

  public DatasetIngestRequest withKeepGenerations(int value) {
    return new DatasetIngestRequest(dataset, indexDir, kind, format, force, value, progress, embedder, embedBatchSize,
        runner, beamThreshold, beamArgs, exportParquet);
  }

  public DatasetIngestRequest withEmbedder(EmbedderSpec value) {
    return new DatasetIngestRequest(dataset, indexDir, kind, format, force, keepGenerations, progress, value,
        embedBatchSize, runner, beamThreshold, beamArgs, exportParquet);
  }

  public DatasetIngestRequest withEmbedBatchSize(int value) {
    return new DatasetIngestRequest(dataset, indexDir, kind, format, force, keepGenerations, progress, embedder,
        value, runner, beamThreshold, beamArgs, exportParquet);
  }

  public DatasetIngestRequest withProgress(IngestProgress value) {
    return new DatasetIngestRequest(dataset, indexDir, kind, format, force, keepGenerations, value, embedder,
        embedBatchSize, runner, beamThreshold, beamArgs, exportParquet);
  }

  public DatasetIngestRequest withRunner(RunnerChoice value) {
    return new DatasetIngestRequest(dataset, indexDir, kind, format, force, keepGenerations, progress, embedder,
        embedBatchSize, value, beamThreshold, beamArgs, exportParquet);
  }

  public DatasetIngestRequest withBeamThreshold(int value) {
    return new DatasetIngestRequest(dataset, indexDir, kind, format, force, keepGenerations, progress, embedder,
        embedBatchSize, runner, value, beamArgs, exportParquet);
  }

  public DatasetIngestRequest withBeamArgs(List<String> value) {
    return new DatasetIngestRequest(dataset, indexDir, kind, format, force, keepGenerations, progress, embedder,
        embedBatchSize, runner, beamThreshold, value, exportParquet);
  }

  public DatasetIngestRequest withExportParquet(Path value) {
    return new DatasetIngestRequest(dataset, indexDir, kind, format, force, keepGenerations, progress, embedder,
        embedBatchSize, runner, beamThreshold, beamArgs, value);
  }

  /** The executor this request uses for {@code records} records to chunk. */
  public RunnerChoice executorFor(int records) {
    return runner.resolve(records, beamThreshold);
  }
}
