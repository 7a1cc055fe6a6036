package dev.weft.transforms.dataset;

import dev.weft.context.ItemMetadata;
import dev.weft.transforms.dataset.RecordRules.Value;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
  private static final Set<Schema.Type> ID_TYPES = EnumSet.of(Schema.Type.STRING, Schema.Type.INT, Schema.Type.LONG);
  private static final Set<Schema.Type> TEXT_TYPES = EnumSet.of(Schema.Type.STRING);
  private static final Set<Schema.Type> TITLE_TYPES = EnumSet.of(Schema.Type.STRING, Schema.Type.NULL);
  private static final Set<Schema.Type> META_TYPES = EnumSet.of(Schema.Type.STRING, Schema.Type.INT,
      Schema.Type.LONG, Schema.Type.FLOAT, Schema.Type.DOUBLE, Schema.Type.BOOLEAN, Schema.Type.ENUM,
      Schema.Type.NULL);

  private GenericRecords() {}

  /** The next record of a file, or null after the last. */
  @FunctionalInterface
  interface Source {
    GenericRecord next() throws IOException;
  }

  /**
   * The columns a mapping reads from one schema.
   *
   * @param ids the id columns to try in turn
   * @param meta the metadata columns, which are also the values' names
   */
  record Columns(List<String> ids, String title, String text, List<String> meta) {
    /** Every column read, for a Parquet projection. */
    List<String> all() {
      List<String> all = new ArrayList<>(ids);
      all.add(title);
      all.add(text);
      all.addAll(meta);
      return all;
    }
  }

  /** The columns {@code mapping} reads when every field {@code found} is there: a Parquet projection's list. */
  static List<String> wanted(FieldMapping mapping, List<String> found) {
    if (mapping.allMeta()) {
      return found;
    }
    List<String> wanted = new ArrayList<>(mapping.coreFields(DatasetFormat.AVRO));
    wanted.addAll(mapping.meta());
    return wanted;
  }

  /**
   * Refuses a schema whose records could never be valid, so a wrong file is one error rather than a dead letter
   * per record, and nothing of it is ingested.
   */
  static Columns checkSchema(Path file, Schema schema, FieldMapping mapping) {
    if (schema.getType() != Schema.Type.RECORD) {
      throw new IllegalArgumentException("a dataset's schema must be a record with _id or id, title and text; "
          + "got a schema of type " + schema.getType().getName() + " in: " + file);
    }
    return checkSchema(file, schema, schema.getFields().stream().map(Schema.Field::name).toList(), mapping);
  }

  /**
   * @param schema the record schema, which may hold only the fields Weft reads
   * @param found every field name of the file, for the message
   */
  static Columns checkSchema(Path file, Schema schema, List<String> found, FieldMapping mapping) {
    mapping.check(DatasetFormat.AVRO);
    List<String> ids = mapping.idFields(DatasetFormat.AVRO);
    String title = mapping.titleField(DatasetFormat.AVRO);
    String text = mapping.textField(DatasetFormat.AVRO);
    List<String> missing = new ArrayList<>();
    if (ids.stream().noneMatch(id -> schema.getField(id) != null)) {
      missing.add(String.join(" or ", ids));
    }
    if (schema.getField(text) == null) {
      missing.add(text);
    }
    if (mapping.title() != null && schema.getField(title) == null) {
      missing.add(title);
    }
    for (String meta : mapping.meta()) {
      if (schema.getField(meta) == null) {
        missing.add(meta);
      }
    }
    if (!missing.isEmpty()) {
      throw new IllegalArgumentException("a dataset's records must have the fields " + String.join(" or ", ids)
          + ", and " + text + requiredNamed(mapping) + "; missing: " + String.join(", ", missing)
          + "; fields found: " + found + " in: " + file);
    }
    for (String id : ids) {
      requireType(file, schema, id, ID_TYPES, "a string, int or long");
    }
    requireType(file, schema, text, TEXT_TYPES, "a string");
    requireType(file, schema, title, TITLE_TYPES, "a string or null");
    List<String> meta = new ArrayList<>();
    if (mapping.allMeta()) {
      List<String> core = mapping.coreFields(DatasetFormat.AVRO);
      for (Schema.Field field : schema.getFields()) {
        // under *, a column that holds no scalar (a list, a struct) is not metadata; named, it is refused
        if (!core.contains(field.name()) && isScalar(field.schema())
            && ItemMetadata.NAME.matcher(field.name()).matches()) {
          meta.add(field.name());
        }
      }
    } else {
      for (String name : mapping.meta()) {
        requireType(file, schema, name, META_TYPES, "a string, number, boolean or enum (a metadata field)");
        meta.add(name);
      }
    }
    return new Columns(ids, title, text, List.copyOf(meta));
  }

  private static String requiredNamed(FieldMapping mapping) {
    List<String> named = new ArrayList<>();
    if (mapping.title() != null) {
      named.add(mapping.title());
    }
    named.addAll(mapping.meta());
    return named.isEmpty() ? "" : " (and the mapped " + String.join(", ", named) + ")";
  }

  private static boolean isScalar(Schema schema) {
    List<Schema> branches = schema.getType() == Schema.Type.UNION ? schema.getTypes() : List.of(schema);
    return branches.stream().allMatch(branch -> META_TYPES.contains(branch.getType()));
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
  static void stream(Path file, String format, Columns columns, Source source, Consumer<RecordOutcome> sink) {
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
      sink.accept(judge(record, number, columns));
    }
  }

  /** The error for a file the format's reader refuses; the cause's message usually says what was wrong. */
  static IllegalArgumentException unreadable(Path file, String format, String where, Exception cause) {
    return new IllegalArgumentException("cannot read dataset " + file + " as " + format + " (" + where + "): "
        + cause.getMessage(), cause);
  }

  static RecordOutcome judge(GenericRecord record, long number, Columns columns) {
    Value id = RecordRules.NONE;
    for (String name : columns.ids()) {
      id = RecordRules.id(id, value(record, name));
    }
    Map<String, Value> meta = new LinkedHashMap<>();
    for (String name : columns.meta()) {
      meta.put(name, value(record, name));
    }
    return RecordRules.judge("record " + number, id, value(record, columns.title()), value(record, columns.text()),
        meta, record::toString);
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
    if (value instanceof Float || value instanceof Double) {
      return new RecordRules.Real(((Number) value).doubleValue(), value instanceof Float ? "float" : "double");
    }
    if (value instanceof Boolean flag) {
      return new RecordRules.Flag(flag);
    }
    if (value instanceof GenericData.EnumSymbol symbol) {
      return new RecordRules.Text(symbol.toString());
    }
    Schema schema = field.schema();
    Schema branch = schema.getType() == Schema.Type.UNION
        ? schema.getTypes().get(GenericData.get().resolveUnion(schema, value)) : schema;
    return new RecordRules.Other(branch.getType().getName());
  }
}
