package dev.weft.transforms.dataset;

import dev.weft.context.DeadLetter;
import dev.weft.context.ItemMetadata;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;

/**
 * The field rules every dataset format shares, so a record is judged the same way whether it came from a JSONL
 * line, a Parquet row or an Avro datum: a non-blank {@code _id} (or {@code id}) that is a string or an integer,
 * a string {@code text}, and a {@code title} that is a string or absent. A record breaking a rule becomes a
 * dead letter at its position in the file ({@code line 4}, {@code record 17}).
 */
final class RecordRules {
  /** A dead letter's stage and reason for every record refused here. */
  static final String STAGE = "read";
  static final String REASON = "invalid_record";

  /** A field that is not there at all. */
  static final Value NONE = new Absent("none");
  /** A field that is there and null. */
  static final Value NULL = new Absent("null");

  private RecordRules() {}

  /** A field's value as a format read it, reduced to what the rules tell apart. */
  sealed interface Value {
    /** What was found, for a message: {@code none}, {@code null}, {@code string}, {@code integer 12}, ... */
    String describe();
  }

  /** Missing or null. */
  record Absent(String describe) implements Value {}

  record Text(String value) implements Value {
    @Override
    public String describe() {
      return "string";
    }
  }

  /** An integer, which as an id stands for its decimal string. */
  record Whole(long value) implements Value {
    @Override
    public String describe() {
      return "integer " + value;
    }
  }

  /** A number with a fraction (float, double, a JSON number with a point or exponent). */
  /** @param describe the type as the format names it ({@code float}, {@code double}, {@code number}) */
  record Real(double value, String describe) implements Value {}

  record Flag(boolean value) implements Value {
    @Override
    public String describe() {
      return "boolean";
    }
  }

  /** Anything else, by its type name in the format ({@code boolean}, {@code double}, {@code object}). */
  record Other(String type) implements Value {
    @Override
    public String describe() {
      return type;
    }
  }

  /** {@code _id} wins when it has a value, as in BEIR; {@code id} is the fallback. */
  static Value id(Value underscoreId, Value id) {
    return underscoreId instanceof Absent ? id : underscoreId;
  }

  /**
   * Judges one record.
   *
   * @param where its position in the file, the dead letter's location
   * @param shown the record as a short string, for the message when it has no usable id
   */
  static RecordOutcome judge(String where, Value id, Value title, Value text, Supplier<String> shown) {
    return judge(where, id, title, text, Map.of(), shown);
  }

  /**
   * As {@link #judge(String, Value, Value, Value, Supplier)}, with the record's metadata fields by name: a field
   * that is not there is a dead letter ({@code metadata field lang is missing}), as is one holding an object or an
   * array; a null is left out of the metadata.
   */
  static RecordOutcome judge(String where, Value id, Value title, Value text, Map<String, Value> meta,
      Supplier<String> shown) {
    String idText = id instanceof Text t ? t.value() : id instanceof Whole w ? Long.toString(w.value()) : "";
    if (idText.isBlank()) {
      return invalid(where, "each record must have a non-blank _id or id (a string or an integer), got: "
          + abbreviate(shown.get()));
    }
    if (!(text instanceof Text body)) {
      return invalid(where, "record text must be a string, got: " + text.describe() + " for id " + idText);
    }
    if (!(title instanceof Text || title instanceof Absent)) {
      return invalid(where, "record title must be a string or null, got: " + title.describe() + " for id " + idText);
    }
    String titleText = title instanceof Text t ? t.value() : "";
    Map<String, Object> values = new TreeMap<>();
    for (Map.Entry<String, Value> field : meta.entrySet()) {
      Value value = field.getValue();
      if (value == NONE) {
        return invalid(where, "metadata field " + field.getKey() + " is missing for id " + idText
            + "; name only fields every record has in --meta-fields");
      }
      if (value instanceof Real real && !Double.isFinite(real.value())) {
        return invalid(where, "metadata field " + field.getKey() + " must be a finite number, got: " + real.value()
            + " for id " + idText);
      }
      if (value instanceof Other) {
        return invalid(where, "metadata field " + field.getKey() + " must be a string, number or boolean, got: "
            + value.describe() + " for id " + idText);
      }
      values.put(field.getKey(), scalar(value));
    }
    return new RecordOutcome.Valid(new DatasetRecord(idText, titleText, body.value(), ItemMetadata.of(values)));
  }

  /** A metadata value as {@link ItemMetadata} holds it; null for a null. */
  private static Object scalar(Value value) {
    if (value instanceof Text t) {
      return t.value();
    }
    if (value instanceof Whole w) {
      return w.value();
    }
    if (value instanceof Real r) {
      return r.value();
    }
    return value instanceof Flag f ? f.value() : null;
  }

  static RecordOutcome invalid(String where, String detail) {
    return new RecordOutcome.Invalid(new DeadLetter(where, STAGE, REASON, detail));
  }

  static String abbreviate(String shown) {
    return shown.length() <= 80 ? shown : shown.substring(0, 80) + "...";
  }
}
