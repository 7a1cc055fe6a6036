package dev.weft.transforms.dataset;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.file.DataFileWriter;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.parquet.avro.AvroParquetWriter;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.io.LocalOutputFile;

/**
 * Writes small Parquet and Avro datasets for the tests, the way a user's tool would. Shared with other modules' tests
 * through this module's test jar.
 */
public final class DatasetFiles {
  /** BEIR's corpus layout: a required {@code _id} and {@code text}, a nullable {@code title}. */
  public static final Schema BEIR = SchemaBuilder.record("Doc").fields()
      .requiredString("_id").optionalString("title").requiredString("text").endRecord();

  private DatasetFiles() {}

  /** A record of {@code schema} from alternating field names and values. */
  public static GenericRecord record(Schema schema, Object... namesAndValues) {
    GenericRecord record = new GenericData.Record(schema);
    for (int i = 0; i < namesAndValues.length; i += 2) {
      record.put((String) namesAndValues[i], namesAndValues[i + 1]);
    }
    return record;
  }

  /** Rewrites a valid JSONL dataset as {@code target} (Parquet or Avro, by its extension) in the BEIR schema. */
  public static Path convert(Path jsonl, Path target) throws IOException {
    List<GenericRecord> records = new ArrayList<>();
    for (RecordOutcome outcome : read(jsonl)) {
      if (!(outcome instanceof RecordOutcome.Valid valid)) {
        throw new IllegalArgumentException("convert takes a valid dataset, got: " + outcome);
      }
      DatasetRecord record = valid.record();
      records.add(record(BEIR, "_id", record.id(), "title", record.title().isEmpty() ? null : record.title(),
          "text", record.text()));
    }
    return write(target, BEIR, records.toArray(GenericRecord[]::new));
  }

  /** Writes the records as Parquet or Avro, by the file's extension. */
  public static Path write(Path file, Schema schema, GenericRecord... records) throws IOException {
    if (file.toString().endsWith(".parquet")) {
      try (ParquetWriter<GenericRecord> writer = AvroParquetWriter.<GenericRecord>builder(new LocalOutputFile(file))
          .withConf(new PlainParquetConfiguration())
          .withSchema(schema)
          .withDataModel(GenericData.get())
          .withWriteMode(ParquetFileWriter.Mode.OVERWRITE)
          .build()) {
        for (GenericRecord record : records) {
          writer.write(record);
        }
      }
    } else {
      try (DataFileWriter<GenericRecord> writer = new DataFileWriter<>(new GenericDatumWriter<>(schema))) {
        writer.create(schema, file.toFile());
        for (GenericRecord record : records) {
          writer.append(record);
        }
      }
    }
    return file;
  }

  /** Reads every outcome of a dataset. */
  public static List<RecordOutcome> read(Path file) {
    List<RecordOutcome> outcomes = new ArrayList<>();
    DatasetRecords.read(file, outcomes::add);
    return outcomes;
  }
}
