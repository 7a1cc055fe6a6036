package dev.weft.transforms.export;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import org.apache.avro.file.CodecFactory;
import org.apache.avro.file.DataFileWriter;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;

/** Writes chunk rows to one Avro object container file. */
public final class AvroChunkWriter implements ChunkFileWriter {
  /**
   * Deflate: one of the two codecs (with {@code null}) every Avro implementation must read, and pure Java on
   * both sides.
   */
  public static final int DEFLATE_LEVEL = 6;

  private final TempTarget target;
  private final DataFileWriter<GenericRecord> writer;
  private long count;
  private boolean committed;

  private AvroChunkWriter(TempTarget target, DataFileWriter<GenericRecord> writer) {
    this.target = target;
    this.writer = writer;
  }

  public static AvroChunkWriter open(Path file) {
    TempTarget target = TempTarget.of(file);
    DataFileWriter<GenericRecord> writer =
        new DataFileWriter<>(new GenericDatumWriter<GenericRecord>(ChunkRecords.schema()));
    writer.setCodec(CodecFactory.deflateCodec(DEFLATE_LEVEL));
    try {
      writer.create(ChunkRecords.schema(), target.temp().toFile());
      return new AvroChunkWriter(target, writer);
    } catch (IOException e) {
      target.deleteTemp();
      throw new UncheckedIOException("cannot open an Avro writer on " + target.temp(), e);
    }
  }

  @Override
  public void write(ChunkRow row) {
    try {
      writer.append(ChunkRecords.toRecord(row));
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
      throw new UncheckedIOException("cannot finish the Avro file " + target.temp(), e);
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
