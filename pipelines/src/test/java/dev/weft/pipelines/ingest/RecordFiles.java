package dev.weft.pipelines.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.transforms.dataset.DatasetRecord;
import dev.weft.transforms.dataset.DatasetRecords;
import dev.weft.transforms.dataset.RecordOutcome;
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

/** Writes Parquet and Avro datasets for the tests, as a user's tool would (BEIR's fields, nullable title). */
public final class RecordFiles {
  /** A required {@code _id} and {@code text}, a nullable {@code title}. */
  public static final Schema BEIR = SchemaBuilder.record("Doc").fields()
      .requiredString("_id").optionalString("title").requiredString("text").endRecord();

  private RecordFiles() {}

  /** A record of {@code schema} from alternating field names and values. */
  public static GenericRecord record(Schema schema, Object... namesAndValues) {
    GenericRecord record = new GenericData.Record(schema);
    for (int i = 0; i < namesAndValues.length; i += 2) {
      record.put((String) namesAndValues[i], namesAndValues[i + 1]);
    }
    return record;
  }

  /** Rewrites a valid JSONL dataset as {@code target} (Parquet or Avro, by its extension). */
  public static Path convert(Path jsonl, Path target) throws IOException {
    List<GenericRecord> records = new ArrayList<>();
    DatasetRecords.read(jsonl, outcome -> {
      assertThat(outcome).isInstanceOf(RecordOutcome.Valid.class);
      DatasetRecord record = ((RecordOutcome.Valid) outcome).record();
      records.add(record(BEIR, "_id", record.id(), "title", record.title().isEmpty() ? null : record.title(),
          "text", record.text()));
    });
    return write(target, BEIR, records);
  }

  /** Writes the records as Parquet or Avro, by the file's extension. */
  public static Path write(Path file, Schema schema, List<GenericRecord> records) throws IOException {
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
}
