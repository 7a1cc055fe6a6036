package dev.weft.transforms.beam;

import dev.weft.transforms.export.ChunkRecords;
import dev.weft.transforms.export.ParquetChunkWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.WritableByteChannel;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.io.FileIO;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.io.OutputFile;
import org.apache.parquet.io.PositionOutputStream;

/**
 * A {@link FileIO.Sink} writing generic records as Parquet through parquet-avro, with the settings of
 * {@link ParquetChunkWriter} (Snappy, standard LIST layout). Beam's {@code ParquetIO} is not available at
 * 2.70.0; this is the part of it Weft needs. Beam owns the channel: the writer writes through it and never
 * closes it.
 *
 * <pre>{@code
 * records.apply(FileIO.<GenericRecord>write().via(ParquetChunkSink.of(schema)).to(dir).withSuffix(".parquet"));
 * }</pre>
 */
public final class ParquetChunkSink implements FileIO.Sink<GenericRecord> {
  private final String schemaJson;
  private transient ParquetWriter<GenericRecord> writer;

  private ParquetChunkSink(String schemaJson) {
    this.schemaJson = schemaJson;
  }

  /** A sink of {@code dev.weft.schemas.Chunk} records. */
  public static ParquetChunkSink chunks() {
    return of(ChunkRecords.schema());
  }

  public static ParquetChunkSink of(Schema schema) {
    return new ParquetChunkSink(schema.toString());
  }

  @Override
  public void open(WritableByteChannel channel) throws IOException {
    writer = ParquetChunkWriter.writer(new ChannelOutputFile(channel), new Schema.Parser().parse(schemaJson));
  }

  @Override
  public void write(GenericRecord element) throws IOException {
    writer.write(element);
  }

  /** Writes the footer: a Parquet file is complete only when its writer closes. */
  @Override
  public void flush() throws IOException {
    writer.close();
  }

  /** Parquet's view of Beam's channel; no block size, so Parquet pads nothing. */
  private record ChannelOutputFile(WritableByteChannel channel) implements OutputFile {
    @Override
    public PositionOutputStream create(long blockSizeHint) {
      return new ChannelPositionStream(Channels.newOutputStream(channel));
    }

    @Override
    public PositionOutputStream createOrOverwrite(long blockSizeHint) {
      return create(blockSizeHint);
    }

    @Override
    public boolean supportsBlockSize() {
      return false;
    }

    @Override
    public long defaultBlockSize() {
      return 0;
    }
  }

  /** Counts the bytes written, which Parquet needs for its footer offsets; closing leaves the channel open. */
  private static final class ChannelPositionStream extends PositionOutputStream {
    private final OutputStream out;
    private long position;

    ChannelPositionStream(OutputStream out) {
      this.out = out;
    }

    @Override
    public long getPos() {
      return position;
    }

    @Override
    public void write(int b) throws IOException {
      out.write(b);
      position++;
    }

    @Override
    public void write(byte[] bytes, int offset, int length) throws IOException {
      out.write(bytes, offset, length);
      position += length;
    }

    @Override
    public void flush() throws IOException {
      out.flush();
    }

    @Override
    public void close() throws IOException {
      out.flush();
    }
  }
}
