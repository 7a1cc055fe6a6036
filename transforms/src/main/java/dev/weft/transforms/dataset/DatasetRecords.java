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
    return check(file, FieldMapping.beir());
  }

  /**
   * As {@link #check(Path)}, and that {@code mapping}'s fields are spelled as the format spells them (JSON pointers
   * for JSONL) and, for Parquet and Avro, are columns of the schema.
   */
  public static DatasetFormat check(Path file, FieldMapping mapping) {
    DatasetFormat format = DatasetFormat.of(file);
    mapping.check(format); // a misspelt flag is refused before the file is opened
    requireRegularFile(file);
    switch (format) {
      case PARQUET -> ParquetRecords.check(file, mapping);
      case AVRO -> AvroRecords.check(file, mapping);
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
    read(file, FieldMapping.beir(), sink);
  }

  /** As {@link #read(Path, Consumer)}, taking the id, title, text and metadata from the fields {@code mapping} names. */
  public static void read(Path file, FieldMapping mapping, Consumer<RecordOutcome> sink) {
    DatasetFormat format = DatasetFormat.of(file);
    mapping.check(format);
    requireRegularFile(file);
    switch (format) {
      case JSONL -> JsonlRecords.read(file, mapping, sink);
      case PARQUET -> ParquetRecords.read(file, mapping, sink);
      case AVRO -> AvroRecords.read(file, mapping, sink);
    }
  }

  /** A FIFO or device is refused by name before it is opened: a FIFO blocks its reader, /dev/zero never ends. */
  private static void requireRegularFile(Path file) {
    UserFiles.requireRegularFile(file, "the dataset", "pass a " + DatasetFormat.accepted() + " file");
  }
}
