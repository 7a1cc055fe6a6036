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

  public static void read(Path file, Consumer<RecordOutcome> sink) {
    NativeLibraries.prepareSnappy(); // a snappy-compressed file's codec, from the per-user cache
    try (ParquetReader<GenericRecord> reader = open(file, check(file))) {
      GenericRecords.stream(file, FORMAT, reader::read, sink);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot close dataset " + file, e);
    }
  }

  /**
   * Reads the footer and checks the records' schema as parquet-avro will present it. Only the columns Weft
   * reads are converted to Avro: another column may have a type parquet-avro refuses (Spark's INT96
   * timestamps), and it should not stop a dataset whose text is fine.
   *
   * @return the Avro schema of the columns Weft reads, the projection to read with
   */
  static Schema check(Path file) {
    MessageType fileSchema;
    try (ParquetFileReader footer = ParquetFileReader.open(input(file))) {
      fileSchema = footer.getFooter().getFileMetaData().getSchema();
    } catch (IOException | RuntimeException e) {
      throw GenericRecords.unreadable(file, FORMAT, "its footer", e);
    }
    List<Type> read = fileSchema.getFields().stream()
        .filter(field -> GenericRecords.READ.contains(field.getName())).toList();
    Schema schema;
    try {
      schema = new AvroSchemaConverter(new PlainParquetConfiguration())
          .convert(new MessageType(fileSchema.getName(), read));
    } catch (RuntimeException e) {
      // parquet-avro's refusal of a type (an INT96 text) names the type but not the file
      throw GenericRecords.unreadable(file, FORMAT, "the schema of its _id, id, title and text columns", e);
    }
    GenericRecords.checkSchema(file, schema, fileSchema.getFields().stream().map(Type::getName).toList());
    return schema;
  }

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
