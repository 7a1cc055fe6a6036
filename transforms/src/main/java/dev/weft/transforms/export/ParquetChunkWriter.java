package dev.weft.transforms.export;

import java.io.IOException;
import java.io.UncheckedIOException;
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
public final class ParquetChunkWriter implements ChunkFileWriter {
  /**
   * Snappy: the Parquet default that every reader (DuckDB, pyarrow, Spark) decodes; snappy-java ships its native
   * code inside the jar, so nothing is installed. Chunk text is short prose and code, where Snappy's speed
   * matters more than ZSTD's few percent.
   */
  public static final CompressionCodecName CODEC = CompressionCodecName.SNAPPY;

  private final TempTarget target;
  private final ParquetWriter<GenericRecord> writer;
  private long count;
  private boolean committed;

  private ParquetChunkWriter(TempTarget target, ParquetWriter<GenericRecord> writer) {
    this.target = target;
    this.writer = writer;
  }

  public static ParquetChunkWriter open(Path file) {
    TempTarget target = TempTarget.of(file);
    try {
      return new ParquetChunkWriter(target, writer(new LocalOutputFile(target.temp()), ChunkRecords.schema()));
    } catch (IOException e) {
      target.deleteTemp();
      throw new UncheckedIOException("cannot open a Parquet writer on " + target.temp(), e);
    }
  }

  /**
   * A parquet-avro writer of generic records with Weft's settings: Snappy, and the standard three-level LIST
   * layout for arrays (parquet-avro's default two-level layout reads as a struct in some readers).
   */
  static ParquetWriter<GenericRecord> writer(OutputFile out, Schema schema) throws IOException {
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
  public void write(ChunkRow row) {
    try {
      writer.write(ChunkRecords.toRecord(row));
      count++;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write chunk " + row.chunk().id() + " to " + target.temp(), e);
    }
  }

  @Override
  public long count() {
    return count;
  }

  @Override
  public Path commit() {
    try {
      writer.close();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot finish the Parquet file " + target.temp(), e);
    }
    committed = true;
    return target.moveIntoPlace();
  }

  @Override
  public void close() {
    if (committed) {
      return;
    }
    try {
      writer.close();
    } catch (IOException | RuntimeException e) {
      // discarding: the file is deleted below whatever state the writer was in
    }
    target.deleteTemp();
  }
}
