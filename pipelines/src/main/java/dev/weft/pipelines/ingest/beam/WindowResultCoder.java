package dev.weft.pipelines.ingest.beam;

import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.SchemaCoder;
import org.apache.beam.sdk.values.Row;
import org.apache.beam.sdk.values.TypeDescriptor;

/** How a streaming window ended, as a Beam schema row (savepoint-safe, like {@link WindowPlanCoder}). */
final class WindowResultCoder {
  static final Schema SCHEMA = Schema.builder()
      .addInt64Field("windowEnd").addStringField("status").addInt64Field("generation").addInt32Field("changedPaths")
      .addInt64Field("added").addInt64Field("updated").addInt64Field("removed").addInt64Field("embedded")
      .addInt64Field("vectorsReused").addInt64Field("embedFailed").addStringField("embedFailures")
      .addStringField("detail").build();

  private static final SchemaCoder<WindowPublisher.WindowResult> CODER = SchemaCoder.of(SCHEMA,
      TypeDescriptor.of(WindowPublisher.WindowResult.class), WindowResultCoder::toRow, WindowResultCoder::fromRow);

  private WindowResultCoder() {}

  static SchemaCoder<WindowPublisher.WindowResult> of() {
    return CODER;
  }

  static Row toRow(WindowPublisher.WindowResult r) {
    return Row.withSchema(SCHEMA).addValues(r.windowEnd(), r.status().name(), r.generation(), r.changedPaths(),
        r.added(), r.updated(), r.removed(), r.embedded(), r.vectorsReused(), r.embedFailed(), r.embedFailures(),
        r.detail()).build();
  }

  static WindowPublisher.WindowResult fromRow(Row row) {
    return new WindowPublisher.WindowResult(row.getInt64("windowEnd"),
        WindowPublisher.WindowResult.Status.valueOf(row.getString("status")), row.getInt64("generation"),
        row.getInt32("changedPaths"), row.getInt64("added"), row.getInt64("updated"), row.getInt64("removed"),
        row.getInt64("embedded"), row.getInt64("vectorsReused"), row.getInt64("embedFailed"),
        row.getString("embedFailures"), row.getString("detail"));
  }
}
