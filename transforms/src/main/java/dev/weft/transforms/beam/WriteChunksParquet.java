package dev.weft.transforms.beam;

import dev.weft.transforms.export.ChunkFiles;
import dev.weft.transforms.export.ChunkRecords;
import dev.weft.transforms.export.ChunkRow;
import dev.weft.transforms.export.ExportFormat;
import java.util.Objects;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.io.FileIO;
import org.apache.beam.sdk.io.WriteFilesResult;
import org.apache.beam.sdk.metrics.Counter;
import org.apache.beam.sdk.metrics.Metrics;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.values.PCollection;

/**
 * Writes chunk rows as a Parquet dataset: {@code <dir>/chunks-SSSSS-of-NNNNN.parquet}, one
 * {@code dev.weft.schemas.Chunk} record per row ({@link ChunkRecords}), through {@link ParquetChunkSink}. Beam's
 * {@code FileIO} writes into a temporary directory and renames, so the files appear whole. The runner picks
 * the number of files unless {@link #withNumShards} fixes it.
 *
 * <p>Counters (namespace {@link #COUNTER_NAMESPACE}): {@code exported_chunks}, {@code exported_vectors}.
 *
 * <pre>{@code
 * rows.apply("WriteChunksParquet", WriteChunksParquet.to("/data/chunks").withNumShards(4));
 * }</pre>
 */
public final class WriteChunksParquet extends PTransform<PCollection<ChunkRow>, WriteFilesResult<Void>> {
  public static final String COUNTER_NAMESPACE = "weft.export";
  /** Let the runner choose the number of files. */
  public static final int RUNNER_DETERMINED_SHARDS = 0;

  private final String dir;
  private final int numShards;

  private WriteChunksParquet(String dir, int numShards) {
    this.dir = dir;
    this.numShards = numShards;
  }

  /** Files under {@code dir}, as many as the runner chooses. */
  public static WriteChunksParquet to(String dir) {
    if (dir == null || dir.isBlank()) {
      throw new IllegalArgumentException("export dir must be a non-blank path, got: "
          + (dir == null ? "null" : "\"" + dir + "\""));
    }
    return new WriteChunksParquet(dir, RUNNER_DETERMINED_SHARDS);
  }

  /** Exactly {@code count} files (a shuffle decides which row goes where), or 0 for the runner's choice. */
  public WriteChunksParquet withNumShards(int count) {
    if (count < 0) {
      throw new IllegalArgumentException("num shards must be at least 0 (0: the runner decides), got: " + count);
    }
    return new WriteChunksParquet(dir, count);
  }

  public String dir() {
    return dir;
  }

  public int numShards() {
    return numShards;
  }

  @Override
  public WriteFilesResult<Void> expand(PCollection<ChunkRow> rows) {
    PCollection<GenericRecord> records = rows
        .apply("ToAvroRecords", ParDo.of(new ToRecordFn()))
        .setCoder(AvroRecordCoder.of(ChunkRecords.schema()));
    FileIO.Write<Void, GenericRecord> write = FileIO.<GenericRecord>write()
        .via(ParquetChunkSink.chunks())
        .to(dir)
        .withPrefix(ChunkFiles.PREFIX)
        .withSuffix(ExportFormat.PARQUET.extension());
    if (numShards != RUNNER_DETERMINED_SHARDS) {
      write = write.withNumShards(numShards);
    }
    return records.apply("WriteParquetFiles", write);
  }

  /** Converts with the one mapping and counts; never logs per element. */
  static final class ToRecordFn extends DoFn<ChunkRow, GenericRecord> {
    private final Counter chunks = Metrics.counter(COUNTER_NAMESPACE, "exported_chunks");
    private final Counter vectors = Metrics.counter(COUNTER_NAMESPACE, "exported_vectors");

    @ProcessElement
    public void processElement(@Element ChunkRow row, OutputReceiver<GenericRecord> out) {
      Objects.requireNonNull(row, "row");
      chunks.inc();
      if (row.hasVector()) {
        vectors.inc();
      }
      out.output(ChunkRecords.toRecord(row));
    }
  }
}
