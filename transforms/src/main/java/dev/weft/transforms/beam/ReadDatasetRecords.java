package dev.weft.transforms.beam;

import dev.weft.transforms.dataset.DatasetRecord;
import dev.weft.transforms.dataset.DatasetRecords;
import dev.weft.transforms.dataset.RecordSelection;
import java.nio.file.Path;
import java.util.Objects;
import org.apache.beam.sdk.coders.StringUtf8Coder;
import org.apache.beam.sdk.metrics.Counter;
import org.apache.beam.sdk.metrics.Metrics;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.transforms.Reshuffle;
import org.apache.beam.sdk.values.PBegin;
import org.apache.beam.sdk.values.PCollection;

/**
 * Reads the selected records of one dataset file (JSONL, Parquet or Avro) with {@link DatasetRecords}, the
 * reader the in-process path and the planner use, so positions, field rules and values are the same on both
 * executors. The file is one element: a single worker streams it (reading is cheap next to chunking and
 * embedding), and a reshuffle then spreads the records over the workers that chunk, embed and write them.
 *
 * <p>The path is handed to the readers as it is rather than through {@code FileIO.match}: parquet-avro's
 * {@code LocalInputFile} and Avro's {@code DataFileReader} need a local file anyway, and a glob match would
 * misread a name holding {@code [} or {@code *}. Workers must see the file at the same path as the driver.
 *
 * <pre>{@code
 * PCollection<DatasetRecord> records = pipeline.apply("ReadDatasetRecords",
 *     ReadDatasetRecords.from("/data/corpus.parquet", selection));
 * }</pre>
 */
public final class ReadDatasetRecords extends PTransform<PBegin, PCollection<DatasetRecord>> {
  /**
   * Random keys the records are spread over: far more than a cluster's workers, far fewer than records (the
   * DirectRunner pays a few milliseconds per key and step: 2,000 records took 80 s before the first map call).
   */
  public static final int SPREAD_BUCKETS = 128;
  private final String file;
  private final RecordSelection selection;

  private ReadDatasetRecords(String file, RecordSelection selection) {
    this.file = file;
    this.selection = selection;
  }

  /**
   * @param file the dataset, an absolute path the workers can read
   * @param selection the positions to read, as {@code DatasetPlanner} chose them from the same file
   */
  public static ReadDatasetRecords from(String file, RecordSelection selection) {
    if (file == null || file.isBlank()) {
      throw new IllegalArgumentException("dataset file must be a non-blank path, got: "
          + (file == null ? "null" : "\"" + file + "\""));
    }
    return new ReadDatasetRecords(file, Objects.requireNonNull(selection, "selection"));
  }

  public String file() {
    return file;
  }

  @Override
  public PCollection<DatasetRecord> expand(PBegin begin) {
    return begin
        .apply("DatasetFile", Create.of(file).withCoder(StringUtf8Coder.of()))
        .apply("ReadSelected", ParDo.of(new ReadSelectedFn(selection)))
        .setCoder(DatasetRecordCoder.of())
        // without it the whole file would be chunked by the one worker that read it; a bounded number of random
        // keys, because a key per record made the DirectRunner run every later step one record per bundle
        .apply("SpreadRecords", Reshuffle.<DatasetRecord>viaRandomKey().withNumBuckets(SPREAD_BUCKETS));
  }

  static final class ReadSelectedFn extends DoFn<String, DatasetRecord> {
    private final RecordSelection selection;
    private final Counter read = Metrics.counter(ReadAndChunkFiles.COUNTER_NAMESPACE, "records_read");

    ReadSelectedFn(RecordSelection selection) {
      this.selection = selection;
    }

    @ProcessElement
    public void processElement(@Element String file, OutputReceiver<DatasetRecord> out) {
      selection.read(Path.of(file), record -> {
        read.inc();
        out.output(record);
      });
    }
  }
}
