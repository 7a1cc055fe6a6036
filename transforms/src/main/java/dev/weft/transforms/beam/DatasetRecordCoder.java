package dev.weft.transforms.beam;

import dev.weft.context.ItemMetadata;
import dev.weft.transforms.dataset.DatasetRecord;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.SchemaCoder;
import org.apache.beam.sdk.values.Row;
import org.apache.beam.sdk.values.TypeDescriptor;

/**
 * A dataset record between pipeline steps as a Beam schema row ({@code id}, {@code title}, {@code text} and
 * {@code meta}, the metadata as its stored JSON: four strings), not Java serialization: the encoding does not change with the record class, and a runner's UI and Beam
 * SQL see named fields. Beam's schema providers do not infer a schema from a Java record (JavaFieldSchema needs
 * public fields, JavaBeanSchema getters), so the schema and the two conversions are spelled out here.
 */
public final class DatasetRecordCoder {
  public static final Schema SCHEMA = Schema.builder()
      .addStringField("id")
      .addStringField("title")
      .addStringField("text")
      .addStringField("meta")
      .build();

  private static final SchemaCoder<DatasetRecord> CODER = SchemaCoder.of(SCHEMA,
      TypeDescriptor.of(DatasetRecord.class),
      record -> Row.withSchema(SCHEMA).addValues(record.id(), record.title(), record.text(), record.meta().toJson())
          .build(),
      row -> new DatasetRecord(row.getString("id"), row.getString("title"), row.getString("text"),
          ItemMetadata.fromJson(row.getString("meta"))));

  private DatasetRecordCoder() {}

  public static SchemaCoder<DatasetRecord> of() {
    return CODER;
  }
}
