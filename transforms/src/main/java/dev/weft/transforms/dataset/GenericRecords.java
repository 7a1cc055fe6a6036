package dev.weft.transforms.dataset;

import dev.weft.transforms.dataset.RecordRules.Value;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;

/**
 * What the Avro-shaped formats (Parquet through parquet-avro, Avro container files) share: the schema check
 * before the first record, the record loop, and a {@link GenericRecord}'s fields as {@link RecordRules} values.
 */
final class GenericRecords {
  static final String UNDERSCORE_ID = "_id";
  static final String ID = "id";
  static final String TITLE = "title";
  static final String TEXT = "text";
  /** The fields Weft reads; any other field of a dataset is ignored. */
  static final List<String> READ = List.of(UNDERSCORE_ID, ID, TITLE, TEXT);

  private static final Set<Schema.Type> ID_TYPES = EnumSet.of(Schema.Type.STRING, Schema.Type.INT, Schema.Type.LONG);
  private static final Set<Schema.Type> TEXT_TYPES = EnumSet.of(Schema.Type.STRING);
  private static final Set<Schema.Type> TITLE_TYPES = EnumSet.of(Schema.Type.STRING, Schema.Type.NULL);

  private GenericRecords() {}

  /** The next record of a file, or null after the last. */
  @FunctionalInterface
  interface Source {
    GenericRecord next() throws IOException;
  }

  /**
   * Refuses a schema whose records could never be valid, so a wrong file is one error rather than a dead letter
   * per record, and nothing of it is ingested.
   */
  static void checkSchema(Path file, Schema schema) {
    if (schema.getType() != Schema.Type.RECORD) {
      throw new IllegalArgumentException("a dataset's schema must be a record with _id or id, title and text; "
          + "got a schema of type " + schema.getType().getName() + " in: " + file);
    }
    checkSchema(file, schema, schema.getFields().stream().map(Schema.Field::name).toList());
  }

  /**
   * @param schema the record schema, which may hold only the fields Weft reads
   * @param found every field name of the file, for the message
   */
  static void checkSchema(Path file, Schema schema, List<String> found) {
    List<String> missing = new ArrayList<>();
    if (schema.getField(UNDERSCORE_ID) == null && schema.getField(ID) == null) {
      missing.add("_id or id");
    }
    if (schema.getField(TEXT) == null) {
      missing.add(TEXT);
    }
    if (!missing.isEmpty()) {
      throw new IllegalArgumentException("a dataset's records must have the fields _id or id, and text; missing: "
          + String.join(", ", missing) + "; fields found: " + found + " in: " + file);
    }
    requireType(file, schema, UNDERSCORE_ID, ID_TYPES, "a string, int or long");
    requireType(file, schema, ID, ID_TYPES, "a string, int or long");
    requireType(file, schema, TEXT, TEXT_TYPES, "a string");
    requireType(file, schema, TITLE, TITLE_TYPES, "a string or null");
  }

  private static void requireType(Path file, Schema schema, String name, Set<Schema.Type> accepted, String what) {
    Schema.Field field = schema.getField(name);
    if (field == null) {
      return;
    }
    List<Schema> branches = field.schema().getType() == Schema.Type.UNION ? field.schema().getTypes()
        : List.of(field.schema());
    if (branches.stream().noneMatch(branch -> accepted.contains(branch.getType()))) {
      throw new IllegalArgumentException("a dataset's field " + name + " must be " + what + ", got: "
          + field.schema() + " in: " + file);
    }
  }

  /**
   * Reads every record of {@code source} into {@code sink}, numbering them from 1. A record the format cannot
   * decode ends the read with an error naming the file; a decoded record that breaks a field rule is a dead
   * letter and the read goes on.
   *
   * @param format the format's name in messages ({@code Parquet})
   */
  static void stream(Path file, String format, Source source, Consumer<RecordOutcome> sink) {
    for (long number = 1; ; number++) {
      GenericRecord record;
      try {
        record = source.next();
      } catch (IOException | RuntimeException e) {
        // only the decoder's failures land here: the sink runs outside this try
        throw unreadable(file, format, "at record " + number, e);
      }
      if (record == null) {
        return;
      }
      sink.accept(judge(record, number));
    }
  }

  /** The error for a file the format's reader refuses; the cause's message usually says what was wrong. */
  static IllegalArgumentException unreadable(Path file, String format, String where, Exception cause) {
    return new IllegalArgumentException("cannot read dataset " + file + " as " + format + " (" + where + "): "
        + cause.getMessage(), cause);
  }

  static RecordOutcome judge(GenericRecord record, long number) {
    return RecordRules.judge("record " + number, RecordRules.id(value(record, UNDERSCORE_ID), value(record, ID)),
        value(record, TITLE), value(record, TEXT), record::toString);
  }

  private static Value value(GenericRecord record, String name) {
    Schema.Field field = record.getSchema().getField(name);
    if (field == null) {
      return RecordRules.NONE;
    }
    Object value = record.get(field.pos());
    if (value == null) {
      return RecordRules.NULL;
    }
    if (value instanceof CharSequence text) {
      return new RecordRules.Text(text.toString());
    }
    if (value instanceof Integer || value instanceof Long) {
      return new RecordRules.Whole(((Number) value).longValue());
    }
    Schema schema = field.schema();
    Schema branch = schema.getType() == Schema.Type.UNION
        ? schema.getTypes().get(GenericData.get().resolveUnion(schema, value)) : schema;
    return new RecordRules.Other(branch.getType().getName());
  }
}
