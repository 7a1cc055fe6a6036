package dev.weft.transforms.export;

import java.io.IOException;
import java.nio.file.Path;
import org.apache.avro.file.CodecFactory;
import org.apache.avro.file.DataFileWriter;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;

/** Writes chunk rows to one Avro object container file. */
public final class AvroChunkWriter extends TempFileChunkWriter {
  /**
   * Deflate: one of the two codecs (with {@code null}) every Avro implementation must read, and pure Java on
   * both sides.
   */
  public static final int DEFLATE_LEVEL = 6;

  private final DataFileWriter<GenericRecord> writer;

  private AvroChunkWriter(TempTarget target, DataFileWriter<GenericRecord> writer) {
    super(target, "Avro");
    this.writer = writer;
  }

  public static AvroChunkWriter open(Path file) {
    return openTemp(file, "an Avro writer", target -> {
      DataFileWriter<GenericRecord> writer =
          new DataFileWriter<>(new GenericDatumWriter<GenericRecord>(ChunkRecords.schema()));
      writer.setCodec(CodecFactory.deflateCodec(DEFLATE_LEVEL));
      return new AvroChunkWriter(target, writer.create(ChunkRecords.schema(), target.temp().toFile()));
    });
  }

  @Override
  void append(GenericRecord record) throws IOException {
    writer.append(record);
  }

  @Override
  void finish() throws IOException {
    writer.close();
  }
}
