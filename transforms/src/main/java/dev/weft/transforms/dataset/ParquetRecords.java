package dev.weft.transforms.dataset;

import dev.weft.models.natives.NativeLibraries;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.parquet.avro.AvroParquetReader;
import org.apache.parquet.avro.AvroReadSupport;
import org.apache.parquet.avro.AvroSchemaConverter;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;

/**
 * Streams a Parquet file of records ({@code _id} or {@code id}, {@code title}, {@code text}) through parquet-avro
 * on a {@link LocalInputFile} (no Hadoop FileSystem), one row group in memory at a time and only the columns
 * Weft reads. A record breaking a field rule comes back as an {@link RecordOutcome.Invalid} naming its number
 * ({@code record 17}).
 */
public final class ParquetRecords {
  static final String FORMAT = "Parquet";

  private ParquetRecords() {}

  public static void read(Path file, FieldMapping mapping, Consumer<RecordOutcome> sink) {
    NativeLibraries.prepareSnappy(); // a snappy-compressed file's codec, from the per-user cache
    Checked checked = check(file, mapping);
    try (ParquetReader<GenericRecord> reader = open(file, checked.projection())) {
      GenericRecords.stream(file, FORMAT, checked.columns(), reader::read, sink);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot close dataset " + file, e);
    }
  }

  /**
   * Reads the footer and checks the records' schema as parquet-avro will present it. Only the columns Weft
   * reads are converted to Avro: another column may have a type parquet-avro refuses (Spark's INT96
   * timestamps), and it should not stop a dataset whose text is fine.
   *
   * @return the Avro schema of the columns Weft reads, the projection to read with, and those columns' roles
   */
  static Checked check(Path file, FieldMapping mapping) {
    MessageType fileSchema;
    try (ParquetFileReader footer = ParquetFileReader.open(input(file))) {
      fileSchema = footer.getFooter().getFileMetaData().getSchema();
    } catch (IOException | RuntimeException e) {
      throw GenericRecords.unreadable(file, FORMAT, "its footer", e);
    }
    List<String> found = fileSchema.getFields().stream().map(Type::getName).toList();
    List<String> wanted = GenericRecords.wanted(mapping, found);
    List<Type> read = fileSchema.getFields().stream().filter(field -> wanted.contains(field.getName())).toList();
    Schema schema;
    try {
      schema = new AvroSchemaConverter(new PlainParquetConfiguration())
          .convert(new MessageType(fileSchema.getName(), read));
    } catch (RuntimeException e) {
      // parquet-avro's refusal of a type (an INT96 text) names the type but not the file
      throw GenericRecords.unreadable(file, FORMAT, "the schema of its columns " + wanted, e);
    }
    return new Checked(schema, GenericRecords.checkSchema(file, schema, found, mapping));
  }

  /** A file's projection and the roles of its columns. */
  record Checked(Schema projection, GenericRecords.Columns columns) {}

  /** Parquet names the input file in its errors by {@code toString()}, which {@link LocalInputFile} leaves unset. */
  private static LocalInputFile input(Path file) {
    return new LocalInputFile(file) {
      @Override
      public String toString() {
        return file.toString();
      }
    };
  }

  private static ParquetReader<GenericRecord> open(Path file, Schema projection) {
    try {
      return AvroParquetReader.<GenericRecord>builder(input(file), new PlainParquetConfiguration())
          .withDataModel(GenericData.get())
          .set(AvroReadSupport.AVRO_REQUESTED_PROJECTION, projection.toString())
          .build();
    } catch (IOException | RuntimeException e) {
      throw GenericRecords.unreadable(file, FORMAT, "its footer", e);
    }
  }
}
