package dev.weft.transforms.dataset;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
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
    Schema projection = GenericRecords.projection(check(file));
    try (ParquetReader<GenericRecord> reader = open(file, projection)) {
      GenericRecords.stream(file, FORMAT, reader::read, sink);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot close dataset " + file, e);
    }
  }

  /**
   * Reads the footer and checks the records' schema as parquet-avro will present it.
   *
   * @return that schema
   */
  static Schema check(Path file) {
    Schema schema;
    try (ParquetFileReader footer = ParquetFileReader.open(new LocalInputFile(file))) {
      schema = new AvroSchemaConverter(new PlainParquetConfiguration())
          .convert(footer.getFooter().getFileMetaData().getSchema());
    } catch (IOException | RuntimeException e) {
      throw GenericRecords.unreadable(file, FORMAT, "its footer", e);
    }
    GenericRecords.checkSchema(file, schema);
    return schema;
  }

  private static ParquetReader<GenericRecord> open(Path file, Schema projection) {
    try {
      return AvroParquetReader.<GenericRecord>builder(new LocalInputFile(file), new PlainParquetConfiguration())
          .withDataModel(GenericData.get())
          .set(AvroReadSupport.AVRO_REQUESTED_PROJECTION, projection.toString())
          .build();
    } catch (IOException | RuntimeException e) {
      throw GenericRecords.unreadable(file, FORMAT, "its footer", e);
    }
  }
}
