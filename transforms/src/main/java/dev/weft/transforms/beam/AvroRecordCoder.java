package dev.weft.transforms.beam;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.EncoderFactory;
import org.apache.beam.sdk.coders.ByteArrayCoder;
import org.apache.beam.sdk.coders.CustomCoder;

/**
 * A Beam coder for generic records of one schema: Avro binary, length-prefixed. Beam's own {@code AvroCoder}
 * lives in {@code beam-sdks-java-extensions-avro}, which is built against Avro 1.11; this keeps the build on
 * one Avro (1.12) with a few lines instead.
 */
public final class AvroRecordCoder extends CustomCoder<GenericRecord> {
  private static final ByteArrayCoder BYTES = ByteArrayCoder.of();

  // The schema travels as JSON and is parsed once per deserialized coder.
  private final String schemaJson;
  private transient Schema schema;
  private transient GenericDatumWriter<GenericRecord> writer;
  private transient GenericDatumReader<GenericRecord> reader;

  private AvroRecordCoder(String schemaJson) {
    this.schemaJson = schemaJson;
  }

  public static AvroRecordCoder of(Schema schema) {
    return new AvroRecordCoder(schema.toString());
  }

  public Schema schema() {
    if (schema == null) {
      schema = new Schema.Parser().parse(schemaJson);
    }
    return schema;
  }

  @Override
  public void encode(GenericRecord value, OutputStream out) throws IOException {
    if (writer == null) {
      writer = new GenericDatumWriter<>(schema());
    }
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(256);
    BinaryEncoder encoder = EncoderFactory.get().directBinaryEncoder(bytes, null);
    writer.write(value, encoder);
    encoder.flush();
    BYTES.encode(bytes.toByteArray(), out);
  }

  @Override
  public GenericRecord decode(InputStream in) throws IOException {
    if (reader == null) {
      reader = new GenericDatumReader<>(schema());
    }
    byte[] bytes = BYTES.decode(in);
    return reader.read(null, DecoderFactory.get().binaryDecoder(bytes, null));
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof AvroRecordCoder that && schemaJson.equals(that.schemaJson);
  }

  @Override
  public int hashCode() {
    return schemaJson.hashCode();
  }
}
