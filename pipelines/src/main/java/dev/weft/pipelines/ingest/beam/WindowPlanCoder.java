package dev.weft.pipelines.ingest.beam;

import dev.weft.context.DeadLetter;
import dev.weft.context.FileState;
import dev.weft.context.Kind;
import dev.weft.pipelines.ingest.DirectoryPass;
import dev.weft.transforms.ingest.ChangeSet;
import dev.weft.transforms.ingest.ListedFile;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.schemas.SchemaCoder;
import org.apache.beam.sdk.values.Row;
import org.apache.beam.sdk.values.TypeDescriptor;

/**
 * A streaming window's plan between its plan and publish steps as a Beam schema row, not Java serialization: a
 * savepoint taken with one Weft build restores with the next as long as the fields hold, as the batch elements'
 * coders do ({@code ChunkedCoder}, {@code DeadLetterCoder}, {@code DatasetRecordCoder}). Beam infers no schema from
 * a Java record, so the schema and both conversions are spelled out.
 */
final class WindowPlanCoder {
  static final Schema LISTED = Schema.builder()
      .addStringField("path").addInt64Field("mtimeMillis").addInt64Field("size").build();
  static final Schema LETTER = Schema.builder()
      .addNullableField("path", FieldType.STRING).addNullableField("stage", FieldType.STRING)
      .addNullableField("reason", FieldType.STRING).addNullableField("detail", FieldType.STRING).build();
  static final Schema STATE = Schema.builder()
      .addStringField("path").addStringField("kind").addStringField("format").addInt64Field("mtimeMillis")
      .addInt64Field("size").addStringField("contentHash").addStringField("chunkerStamp").addInt32Field("chunkCount")
      .build();
  static final Schema CHANGES = Schema.builder()
      .addArrayField("added", FieldType.STRING).addArrayField("updated", FieldType.STRING)
      .addArrayField("touched", FieldType.row(STATE)).addArrayField("removed", FieldType.STRING)
      .addInt32Field("unchanged").build();
  static final Schema PLANNED = Schema.builder()
      .addArrayField("listed", FieldType.row(LISTED)).addArrayField("listingLetters", FieldType.row(LETTER))
      .addArrayField("previouslyIndexed", FieldType.STRING).addRowField("changes", CHANGES).build();
  static final Schema SCHEMA = Schema.builder()
      .addInt64Field("windowEnd").addInt32Field("changedPaths").addStringField("status")
      .addNullableField("planned", FieldType.row(PLANNED)).addInt64Field("baseGeneration").build();

  private static final SchemaCoder<WindowPlan> CODER = SchemaCoder.of(SCHEMA, TypeDescriptor.of(WindowPlan.class),
      WindowPlanCoder::toRow, WindowPlanCoder::fromRow);

  private WindowPlanCoder() {}

  static SchemaCoder<WindowPlan> of() {
    return CODER;
  }

  static Row toRow(WindowPlan plan) {
    DirectoryPass.Planned planned = plan.planned();
    Row plannedRow = null;
    if (planned != null) {
      ChangeSet changes = planned.changes();
      plannedRow = Row.withSchema(PLANNED).addValues(
          rows(planned.listed(), f -> Row.withSchema(LISTED).addValues(f.path(), f.mtimeMillis(), f.size()).build()),
          rows(planned.listingLetters(), WindowPlanCoder::letterRow),
          // sorted: equal plans encode to equal bytes
          planned.previouslyIndexed().stream().sorted().toList(),
          Row.withSchema(CHANGES).addValues(changes.added(), changes.updated(),
              rows(changes.touched(), WindowPlanCoder::stateRow), changes.removed(), changes.unchanged()).build())
          .build();
    }
    return Row.withSchema(SCHEMA).addValues(plan.windowEnd(), plan.changedPaths(), plan.status().name(), plannedRow,
        plan.baseGeneration()).build();
  }

  static WindowPlan fromRow(Row row) {
    Row planned = row.getRow("planned");
    return new WindowPlan(row.getInt64("windowEnd"), row.getInt32("changedPaths"),
        WindowPlan.Status.valueOf(row.getString("status")), planned == null ? null : planned(planned),
        row.getInt64("baseGeneration"));
  }

  private static DirectoryPass.Planned planned(Row row) {
    Row changes = row.getRow("changes");
    return new DirectoryPass.Planned(
        values(row.<Row>getArray("listed"), f -> new ListedFile(f.getString("path"), f.getInt64("mtimeMillis"),
            f.getInt64("size"))),
        values(row.<Row>getArray("listingLetters"), WindowPlanCoder::letter),
        Set.copyOf(row.<String>getArray("previouslyIndexed")),
        new ChangeSet(strings(changes.getArray("added")), strings(changes.getArray("updated")),
            values(changes.<Row>getArray("touched"), WindowPlanCoder::state), strings(changes.getArray("removed")),
            changes.getInt32("unchanged")));
  }

  private static Row letterRow(DeadLetter letter) {
    return Row.withSchema(LETTER).addValues(letter.path(), letter.stage(), letter.reason(), letter.detail()).build();
  }

  private static DeadLetter letter(Row row) {
    return new DeadLetter(row.getString("path"), row.getString("stage"), row.getString("reason"),
        row.getString("detail"));
  }

  private static Row stateRow(FileState s) {
    return Row.withSchema(STATE).addValues(s.path(), s.kind().name(), s.format(), s.mtimeMillis(), s.size(),
        s.contentHash(), s.chunkerStamp(), s.chunkCount()).build();
  }

  private static FileState state(Row row) {
    return new FileState(row.getString("path"), Kind.valueOf(row.getString("kind")), row.getString("format"),
        row.getInt64("mtimeMillis"), row.getInt64("size"), row.getString("contentHash"), row.getString("chunkerStamp"),
        row.getInt32("chunkCount"));
  }

  private static <T> List<Row> rows(List<T> values, Function<T, Row> toRow) {
    return values.stream().map(toRow).toList();
  }

  private static <T> List<T> values(Collection<Row> rows, Function<Row, T> fromRow) {
    List<T> values = new ArrayList<>(rows.size());
    rows.forEach(r -> values.add(fromRow.apply(r)));
    return values;
  }

  private static List<String> strings(Collection<String> values) {
    return List.copyOf(values);
  }
}
