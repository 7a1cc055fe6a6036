package dev.weft.transforms.dataset;

import dev.weft.context.UserFiles;
import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * The one entry point for reading a dataset of records, whatever its format ({@link DatasetFormat}, by
 * extension). Records stream to the sink in file order; a record breaking a field rule ({@link RecordRules})
 * arrives as an {@link RecordOutcome.Invalid} naming its line or record number, and the read goes on.
 */
public final class DatasetRecords {
  private DatasetRecords() {}

  /**
   * Checks what can be checked before any record is read: the format, and for Parquet and Avro that the file
   * opens and its schema has the required fields. Reads a header or footer only.
   *
   * @throws IllegalArgumentException naming the file and what is wrong with it
   * @throws dev.weft.context.error.WeftException (bad input) when it is missing or not a regular file
   */
  public static DatasetFormat check(Path file) {
    DatasetFormat format = DatasetFormat.of(file);
    requireRegularFile(file);
    switch (format) {
      case PARQUET -> ParquetRecords.check(file);
      case AVRO -> AvroRecords.check(file);
      case JSONL -> JsonlRecords.check(file); // no schema, each line is judged on its own; only the magic
    }
    return format;
  }

  /**
   * Streams every record of {@code file} into {@code sink}.
   *
   * @throws IllegalArgumentException for an unknown extension, a file its format cannot read, or a schema
   *     without the required fields (then no record reaches the sink)
   */
  public static void read(Path file, Consumer<RecordOutcome> sink) {
    DatasetFormat format = DatasetFormat.of(file);
    requireRegularFile(file);
    switch (format) {
      case JSONL -> JsonlRecords.read(file, sink);
      case PARQUET -> ParquetRecords.read(file, sink);
      case AVRO -> AvroRecords.read(file, sink);
    }
  }

  /** A FIFO or device is refused by name before it is opened: a FIFO blocks its reader, /dev/zero never ends. */
  private static void requireRegularFile(Path file) {
    UserFiles.requireRegularFile(file, "the dataset", "pass a " + DatasetFormat.accepted() + " file");
  }
}
