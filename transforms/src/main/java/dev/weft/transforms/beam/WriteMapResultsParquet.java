package dev.weft.transforms.beam;

import dev.weft.transforms.export.ExportFormat;
import dev.weft.transforms.program.MapResult;
import dev.weft.transforms.program.ResultRecords;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.io.FileIO;
import org.apache.beam.sdk.io.WriteFilesResult;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.values.KV;
import org.apache.beam.sdk.values.PCollection;

/**
 * Writes map results as a Parquet dataset, {@code <dir>/results-SSSSS-of-NNNNN.parquet}, one {@code
 * dev.weft.schemas.MapResult} row per piece ({@link ResultRecords}), through the same sink as the chunk export;
 * {@code FileIO} writes into a temporary directory and renames, so the files appear whole.
 *
 * <pre>{@code
 * results.apply("WriteResults", WriteMapResultsParquet.to("/work/run-1/results", fingerprint));
 * }</pre>
 */
public final class WriteMapResultsParquet
    extends PTransform<PCollection<KV<String, MapResult>>, WriteFilesResult<Void>> {
  private final String dir;
  private final String fingerprint;

  private WriteMapResultsParquet(String dir, String fingerprint) {
    this.dir = dir;
    this.fingerprint = fingerprint;
  }

  public static WriteMapResultsParquet to(String dir, String fingerprint) {
    if (dir == null || dir.isBlank()) {
      throw new IllegalArgumentException("results dataset dir must be a non-blank path, got: "
          + (dir == null ? "null" : "\"" + dir + "\""));
    }
    if (fingerprint == null || fingerprint.isBlank()) {
      throw new IllegalArgumentException("program fingerprint must be non-blank, got: " + fingerprint);
    }
    return new WriteMapResultsParquet(dir, fingerprint);
  }

  @Override
  public WriteFilesResult<Void> expand(PCollection<KV<String, MapResult>> results) {
    return results
        .apply("ToAvroRecords", ParDo.of(new ToRecordFn(fingerprint)))
        .setCoder(AvroRecordCoder.of(ResultRecords.schema()))
        .apply("WriteParquetFiles", FileIO.<GenericRecord>write()
            .via(ParquetChunkSink.of(ResultRecords.schema()))
            .to(dir)
            .withPrefix(ResultRecords.PREFIX)
            .withSuffix(ExportFormat.PARQUET.extension()));
  }

  static final class ToRecordFn extends DoFn<KV<String, MapResult>, GenericRecord> {
    private final String fingerprint;

    ToRecordFn(String fingerprint) {
      this.fingerprint = fingerprint;
    }

    @ProcessElement
    public void processElement(@Element KV<String, MapResult> result, OutputReceiver<GenericRecord> out) {
      out.output(ResultRecords.toRecord(fingerprint, result.getValue()));
    }
  }
}
