package dev.weft.transforms.export;

import dev.weft.models.natives.NativeLibraries;
import java.io.IOException;
import java.nio.file.Path;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.parquet.avro.AvroParquetWriter;
import org.apache.parquet.avro.AvroWriteSupport;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.OutputFile;

/** Writes chunk rows to one Parquet file through parquet-avro, on {@link LocalOutputFile} (no Hadoop FileSystem). */
public final class ParquetChunkWriter extends TempFileChunkWriter {
  /**
   * Snappy: the Parquet default that every reader (DuckDB, pyarrow, Spark) decodes; snappy-java ships its native
   * code inside the jar, so nothing is installed. Chunk text is short prose and code, where Snappy's speed
   * matters more than ZSTD's few percent.
   */
  public static final CompressionCodecName CODEC = CompressionCodecName.SNAPPY;

  private final ParquetWriter<GenericRecord> writer;

  private ParquetChunkWriter(TempTarget target, ParquetWriter<GenericRecord> writer) {
    super(target, "Parquet");
    this.writer = writer;
  }

  public static ParquetChunkWriter open(Path file) {
    return openTemp(file, "a Parquet writer", target ->
        new ParquetChunkWriter(target, writer(new LocalOutputFile(target.temp()), ChunkRecords.schema())));
  }

  /**
   * A parquet-avro writer of generic records with Weft's settings: Snappy, and the standard three-level LIST
   * layout for arrays (parquet-avro's default two-level layout reads as a struct in some readers).
   */
  public static ParquetWriter<GenericRecord> writer(OutputFile out, Schema schema) throws IOException {
    NativeLibraries.prepareSnappy(); // the codec's library from the per-user cache, not a copy in the temp dir
    return AvroParquetWriter.<GenericRecord>builder(out)
        .withConf(new PlainParquetConfiguration())
        .config(AvroWriteSupport.WRITE_OLD_LIST_STRUCTURE, "false")
        .withSchema(schema)
        .withDataModel(GenericData.get())
        .withCompressionCodec(CODEC)
        .withWriteMode(ParquetFileWriter.Mode.OVERWRITE)
        .build();
  }

  @Override
  void append(GenericRecord record) throws IOException {
    writer.write(record);
  }

  @Override
  void finish() throws IOException {
    writer.close();
  }
}
