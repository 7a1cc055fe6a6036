package dev.weft.transforms.dataset;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.function.Consumer;
import org.apache.avro.file.DataFileReader;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericRecord;

/**
 * Streams an Avro object container file of records ({@code _id} or {@code id}, {@code title}, {@code text}),
 * one block in memory at a time. A record breaking a field rule comes back as an {@link RecordOutcome.Invalid}
 * naming its number ({@code record 17}).
 */
public final class AvroRecords {
  static final String FORMAT = "an Avro object container file";

  private AvroRecords() {}

  public static void read(Path file, FieldMapping mapping, Consumer<RecordOutcome> sink) {
    try (DataFileReader<GenericRecord> reader = open(file)) {
      GenericRecords.Columns columns = GenericRecords.checkSchema(file, reader.getSchema(), mapping);
      GenericRecords.stream(file, FORMAT, columns, () -> reader.hasNext() ? reader.next() : null, sink);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot close dataset " + file, e);
    }
  }

  /** Opens the file and checks its schema, reading only the header. */
  static void check(Path file, FieldMapping mapping) {
    try (DataFileReader<GenericRecord> reader = open(file)) {
      GenericRecords.checkSchema(file, reader.getSchema(), mapping);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot close dataset " + file, e);
    }
  }

  private static DataFileReader<GenericRecord> open(Path file) {
    try {
      return new DataFileReader<>(file.toFile(), new GenericDatumReader<>());
    } catch (IOException | RuntimeException e) {
      throw GenericRecords.unreadable(file, FORMAT, "its header", e);
    }
  }
}
