package dev.weft.transforms.beam;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.transforms.export.ChunkFiles;
import dev.weft.transforms.export.ChunkRecords;
import dev.weft.transforms.export.ChunkRow;
import dev.weft.transforms.export.ExportFixtures;
import dev.weft.transforms.export.ExportFormat;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.beam.runners.direct.DirectRunner;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.coders.SerializableCoder;
import org.apache.beam.sdk.metrics.MetricNameFilter;
import org.apache.beam.sdk.metrics.MetricResult;
import org.apache.beam.sdk.metrics.MetricsFilter;
import org.apache.beam.sdk.options.PipelineOptions;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.util.CoderUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The FileIO sink on the DirectRunner, read back with parquet-avro. */
class WriteChunksParquetTest {
  @TempDir Path dir;

  @Test
  void writesEveryRowIntoNamedParquetFiles() {
    List<ChunkRow> rows = ExportFixtures.manyRows(200);
    rows = new ArrayList<>(rows);
    rows.addAll(ExportFixtures.mixedRows());
    PipelineResult result = run(rows, WriteChunksParquet.to(dir.toString()).withNumShards(3));

    assertThat(ChunkFiles.list(dir, ExportFormat.PARQUET)).extracting(p -> p.getFileName().toString())
        .containsExactly("chunks-00000-of-00003.parquet", "chunks-00001-of-00003.parquet",
            "chunks-00002-of-00003.parquet");
    assertThat(ChunkFiles.readRows(dir, ExportFormat.PARQUET)).containsExactlyInAnyOrderElementsOf(rows);
    assertThat(counter(result, "exported_chunks")).isEqualTo(204);
    assertThat(counter(result, "exported_vectors")).isEqualTo(102);
  }

  @Test
  void runnerDeterminedShardingWritesTheSameRows() {
    List<ChunkRow> rows = ExportFixtures.mixedRows();
    run(rows, WriteChunksParquet.to(dir.toString()));
    assertThat(ChunkFiles.list(dir, ExportFormat.PARQUET)).isNotEmpty();
    assertThat(ChunkFiles.readRows(dir, ExportFormat.PARQUET)).containsExactlyInAnyOrderElementsOf(rows);
  }

  @Test
  void theRecordCoderRoundTripsEveryRecord() throws Exception {
    AvroRecordCoder coder = AvroRecordCoder.of(ChunkRecords.schema());
    for (ChunkRow row : ExportFixtures.mixedRows()) {
      var record = ChunkRecords.toRecord(row);
      assertThat(CoderUtils.clone(coder, record)).isEqualTo(record);
    }
    assertThat(CoderUtils.clone(SerializableCoder.of(AvroRecordCoder.class), coder)).isEqualTo(coder);
  }

  @Test
  void optionsAreValidated() {
    assertThatThrownBy(() -> WriteChunksParquet.to(" "))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("export dir must be a non-blank path, got: \" \"");
    assertThatThrownBy(() -> WriteChunksParquet.to("/x").withNumShards(-1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("num shards must be at least 0 (0: the runner decides), got: -1");
    WriteChunksParquet write = WriteChunksParquet.to("/x").withNumShards(2);
    assertThat(write.dir()).isEqualTo("/x");
    assertThat(write.numShards()).isEqualTo(2);
  }

  private static PipelineResult run(List<ChunkRow> rows, WriteChunksParquet write) {
    PipelineOptions options = PipelineOptionsFactory.create();
    options.setRunner(DirectRunner.class);
    Pipeline pipeline = Pipeline.create(options);
    pipeline.apply("Rows", Create.of(rows).withCoder(SerializableCoder.of(ChunkRow.class)))
        .apply("WriteChunksParquet", write);
    PipelineResult result = pipeline.run();
    assertThat(result.waitUntilFinish()).isEqualTo(PipelineResult.State.DONE);
    return result;
  }

  private static long counter(PipelineResult result, String name) {
    MetricsFilter filter = MetricsFilter.builder()
        .addNameFilter(MetricNameFilter.named(WriteChunksParquet.COUNTER_NAMESPACE, name)).build();
    long total = 0;
    for (MetricResult<Long> counter : result.metrics().queryMetrics(filter).getCounters()) {
      total += counter.getAttempted();
    }
    return total;
  }
}
