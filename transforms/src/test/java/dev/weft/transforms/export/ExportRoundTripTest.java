package dev.weft.transforms.export;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.avro.Schema;
import org.apache.avro.file.DataFileReader;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericRecord;
import org.apache.parquet.avro.AvroParquetReader;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The test: write chunks with and without vectors, read them back with the standard readers, equal. */
class ExportRoundTripTest {
  @TempDir Path dir;

  @Test
  void parquetRoundTripGivesEqualRecords() throws IOException {
    List<ChunkRow> rows = ExportFixtures.mixedRows();
    Path file = write(ExportFormat.PARQUET, rows);

    List<GenericRecord> read = new ArrayList<>();
    try (ParquetReader<GenericRecord> reader =
        AvroParquetReader.<GenericRecord>builder(new LocalInputFile(file)).build()) {
      for (GenericRecord record = reader.read(); record != null; record = reader.read()) {
        read.add(record);
      }
    }
    assertThat(read).isEqualTo(ChunkRecords.toRecords(rows));
    assertThat(read).map(ChunkRecords::fromRecord).isEqualTo(rows);
  }

  @Test
  void parquetFileIsSnappyWithAStandardListAndTheAvroSchemaInItsFooter() throws IOException {
    Path file = write(ExportFormat.PARQUET, ExportFixtures.mixedRows());
    try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(file))) {
      assertThat(reader.getRecordCount()).isEqualTo(4);
      for (BlockMetaData block : reader.getFooter().getBlocks()) {
        assertThat(block.getColumns()).extracting(ColumnChunkMetaData::getCodec)
            .containsOnly(CompressionCodecName.SNAPPY);
      }
      MessageType schema = reader.getFileMetaData().getSchema();
      Type vector = schema.getType("vector");
      // LIST > repeated group list > element: the three-level layout DuckDB and pyarrow read as a list
      assertThat(vector.getLogicalTypeAnnotation()).isEqualTo(LogicalTypeAnnotation.listType());
      assertThat(vector.asGroupType().getType(0).getName()).isEqualTo("list");
      assertThat(vector.asGroupType().getType(0).asGroupType().getType(0).getName()).isEqualTo("element");
      String avroSchema = reader.getFileMetaData().getKeyValueMetaData().get("parquet.avro.schema");
      assertThat(new Schema.Parser().parse(avroSchema)).isEqualTo(ChunkRecords.schema());
    }
  }

  @Test
  void avroRoundTripGivesEqualRecords() throws IOException {
    List<ChunkRow> rows = ExportFixtures.mixedRows();
    Path file = write(ExportFormat.AVRO, rows);

    List<GenericRecord> read = new ArrayList<>();
    try (DataFileReader<GenericRecord> reader = new DataFileReader<>(file.toFile(), new GenericDatumReader<>())) {
      assertThat(reader.getSchema()).isEqualTo(ChunkRecords.schema());
      assertThat(reader.getMetaString("avro.codec")).isEqualTo("deflate");
      reader.forEach(read::add);
    }
    assertThat(read).isEqualTo(ChunkRecords.toRecords(rows));
    assertThat(read).map(ChunkRecords::fromRecord).isEqualTo(rows);
  }

  @Test
  void manyRowsRoundTripInBothFormats() {
    List<ChunkRow> rows = ExportFixtures.manyRows(5_000);
    for (ExportFormat format : ExportFormat.values()) {
      write(format, rows);
      assertThat(ChunkFiles.readRows(dir, format)).as(format.id()).isEqualTo(rows);
    }
  }

  @Test
  void anEmptyDatasetIsAValidFile() {
    for (ExportFormat format : ExportFormat.values()) {
      Path file = write(format, List.of());
      assertThat(file).isRegularFile();
      assertThat(ChunkFiles.readRows(dir, format)).as(format.id()).isEmpty();
    }
  }

  @Test
  void nothingIsVisibleUntilCommitAndAnAbandonedFileIsDeleted() throws IOException {
    for (ExportFormat format : ExportFormat.values()) {
      Path target = dir.resolve(ChunkFiles.fileName(format, 0, 1));
      try (ChunkFileWriter writer = ChunkFileWriter.open(format, target)) {
        writer.write(ExportFixtures.mixedRows().get(0));
        assertThat(target).doesNotExist();
        assertThat(ChunkFiles.list(dir, format)).isEmpty();
      }
      assertThat(target).doesNotExist();
    }
    try (Stream<Path> left = Files.list(dir)) {
      assertThat(left).isEmpty();
    }
  }

  @Test
  void clearRemovesOnlyWeftNamedFilesOfThatFormat() throws IOException {
    write(ExportFormat.PARQUET, ExportFixtures.mixedRows());
    write(ExportFormat.AVRO, ExportFixtures.mixedRows());
    Path mine = Files.writeString(dir.resolve("notes.parquet"), "not a dataset file");
    ChunkFiles.clear(dir, ExportFormat.PARQUET);
    assertThat(ChunkFiles.list(dir, ExportFormat.PARQUET)).isEmpty();
    assertThat(ChunkFiles.list(dir, ExportFormat.AVRO)).hasSize(1);
    assertThat(mine).exists();
  }

  @Test
  void completingADatasetRemovesFileIoLeftoversAndWritesAnEmptyFileWhenThereIsNone() throws IOException {
    Files.createDirectories(dir.resolve(ChunkFiles.FILEIO_TEMP_DIR));
    ChunkFiles.completeDataset(dir, ExportFormat.PARQUET);
    assertThat(dir.resolve(ChunkFiles.FILEIO_TEMP_DIR)).doesNotExist();
    assertThat(ChunkFiles.list(dir, ExportFormat.PARQUET)).extracting(p -> p.getFileName().toString())
        .containsExactly("chunks-00000-of-00001.parquet");
    assertThat(ChunkFiles.readRows(dir, ExportFormat.PARQUET)).isEmpty();

    // a dataset already there is left alone, and so is a temporary directory that still holds something
    write(ExportFormat.PARQUET, ExportFixtures.mixedRows());
    Path leftover = Files.createDirectories(dir.resolve(ChunkFiles.FILEIO_TEMP_DIR)).resolve("part");
    Files.writeString(leftover, "x");
    ChunkFiles.completeDataset(dir, ExportFormat.PARQUET);
    assertThat(leftover).exists();
    assertThat(ChunkFiles.readRows(dir, ExportFormat.PARQUET)).isEqualTo(ExportFixtures.mixedRows());
  }

  @Test
  void namesAndFormatsAreValidated() {
    assertThat(ChunkFiles.fileName(ExportFormat.PARQUET, 2, 10)).isEqualTo("chunks-00002-of-00010.parquet");
    assertThat(ExportFormat.parse(" Avro ")).isEqualTo(ExportFormat.AVRO);
    assertThatThrownBy(() -> ExportFormat.parse("csv"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("export format must be one of parquet, avro; got: csv");
    assertThatThrownBy(() -> ChunkFiles.fileName(ExportFormat.AVRO, 1, 1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("shard must satisfy 0 <= shard < shards, got: 1 of 1");
    assertThatThrownBy(() -> ChunkFiles.read(dir.resolve("x.csv"), r -> {}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("must end in .parquet or .avro");
  }

  private Path write(ExportFormat format, List<ChunkRow> rows) {
    try (ChunkFileWriter writer = ChunkFileWriter.open(format, dir.resolve(ChunkFiles.fileName(format, 0, 1)))) {
      rows.forEach(writer::write);
      assertThat(writer.count()).isEqualTo(rows.size());
      return writer.commit();
    }
  }
}
