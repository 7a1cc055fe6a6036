package dev.weft.transforms.dataset;

import com.fasterxml.jackson.core.JsonPointer;
import dev.weft.context.ItemMetadata;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Which fields of a dataset's records are the id, the title, the text and the metadata: column names for Parquet
 * and Avro, JSON pointers ({@code /meta/lang}) for JSONL. A field left null keeps the BEIR layout ({@code _id}
 * or else {@code id}, {@code title}, {@code text}). The metadata fields travel with every chunk of the record
 * ({@link ItemMetadata}); {@code *} names every field the record has besides its id, title and text.
 *
 * <p>A metadata value is named by its column (Parquet, Avro) or by its pointer's last segment (JSONL:
 * {@code /meta/lang} is {@code lang}), which must be a name a recall filter can spell ({@link ItemMetadata#NAME}).
 *
 * @param id the id field, or null for {@code _id} then {@code id}
 * @param title the title field, or null for an optional {@code title}
 * @param text the text field, or null for {@code text}
 * @param meta the metadata fields, in the order named; empty when {@code allMeta}
 * @param allMeta every other field of the record is metadata ({@code --meta-fields '*'})
 */
public record FieldMapping(String id, String title, String text, List<String> meta, boolean allMeta)
    implements Serializable {
  /** {@code --meta-fields}' value for every other field. */
  public static final String ALL = "*";
  private static final FieldMapping BEIR = new FieldMapping(null, null, null, List.of(), false);

  public FieldMapping {
    meta = List.copyOf(meta);
    if (allMeta && !meta.isEmpty()) {
      throw new IllegalArgumentException("--meta-fields must be * or a list of fields, not both, got: * and "
          + meta);
    }
    requireNonBlank("--id-field", id);
    requireNonBlank("--title-field", title);
    requireNonBlank("--text-field", text);
    meta.forEach(field -> requireNonBlank("--meta-fields", field));
  }

  /** The layout every dataset had before field mapping: BEIR's, no metadata. */
  public static FieldMapping beir() {
    return BEIR;
  }

  /**
   * The mapping of the command line's flags.
   *
   * @param metaFields {@code a,b,c}, {@code *}, or null for no metadata
   */
  public static FieldMapping of(String id, String title, String text, String metaFields) {
    if (metaFields == null) {
      return new FieldMapping(id, title, text, List.of(), false);
    }
    if (metaFields.strip().equals(ALL)) {
      return new FieldMapping(id, title, text, List.of(), true);
    }
    List<String> names = new ArrayList<>();
    for (String part : metaFields.split(",", -1)) {
      if (part.isBlank()) {
        throw new IllegalArgumentException("--meta-fields must be * or a comma-separated list of fields with no"
            + " empty entry, got: \"" + metaFields + "\"");
      }
      names.add(part.strip());
    }
    return new FieldMapping(id, title, text, names, false);
  }

  /**
   * The id, title and text fields that were named, by role ({@code id}, {@code title}, {@code text}): what a
   * generation's manifest records, so {@code get} reads a record's body as ingest did. Empty for BEIR's layout.
   */
  public Map<String, String> roles() {
    Map<String, String> roles = new LinkedHashMap<>();
    if (id != null) {
      roles.put("id", id);
    }
    if (title != null) {
      roles.put("title", title);
    }
    if (text != null) {
      roles.put("text", text);
    }
    return roles;
  }

  /** The mapping {@link #roles} recorded (null or empty: BEIR's layout), without metadata. */
  public static FieldMapping fromRoles(Map<String, String> roles) {
    return roles == null ? BEIR
        : new FieldMapping(roles.get("id"), roles.get("title"), roles.get("text"), List.of(), false);
  }

  /** True when records carry metadata. */
  public boolean hasMeta() {
    return allMeta || !meta.isEmpty();
  }

  /** The id fields to try in turn, in {@code format}'s spelling. */
  List<String> idFields(DatasetFormat format) {
    return id != null ? List.of(id) : format == DatasetFormat.JSONL ? List.of("/_id", "/id") : List.of("_id", "id");
  }

  String titleField(DatasetFormat format) {
    return title != null ? title : format == DatasetFormat.JSONL ? "/title" : "title";
  }

  String textField(DatasetFormat format) {
    return text != null ? text : format == DatasetFormat.JSONL ? "/text" : "text";
  }

  /** Fields that are the record's id, title or text, never its {@code *} metadata. */
  List<String> coreFields(DatasetFormat format) {
    List<String> core = new ArrayList<>(idFields(format));
    core.add(titleField(format));
    core.add(textField(format));
    return core;
  }

  /**
   * Checks every named field is spelled as {@code format} spells fields, and the metadata names are distinct and
   * filterable: before anything is read, so a typo is one error rather than a dead letter per record.
   *
   * @return the metadata fields by the name their values take
   * @throws IllegalArgumentException naming the flag, the value and what to write instead
   */
  public Map<String, String> check(DatasetFormat format) {
    for (String field : idFields(format)) {
      requireSpelling(format, "--id-field", field);
    }
    requireSpelling(format, "--title-field", titleField(format));
    requireSpelling(format, "--text-field", textField(format));
    Map<String, String> byName = new LinkedHashMap<>();
    Map<String, String> seen = new HashMap<>();
    for (String field : meta) {
      requireSpelling(format, "--meta-fields", field);
      String name = metaName(format, field);
      try {
        ItemMetadata.requireName(name);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("--meta-fields " + field + " gives the metadata name \"" + name
            + "\", which is not one a filter can spell: use a field whose name is a letter or _ then letters,"
            + " digits, _, . or -");
      }
      String before = seen.put(name, field);
      if (before != null) {
        throw new IllegalArgumentException("--meta-fields must give distinct names, got: " + before + " and "
            + field + " both named " + name);
      }
      byName.put(name, field);
    }
    return byName;
  }

  /** A value's name: the column, or a pointer's last segment unescaped. */
  static String metaName(DatasetFormat format, String field) {
    if (format != DatasetFormat.JSONL) {
      return field;
    }
    JsonPointer pointer = JsonPointer.compile(field);
    return pointer.last().getMatchingProperty();
  }

  private static void requireSpelling(DatasetFormat format, String flag, String field) {
    if (format == DatasetFormat.JSONL) {
      if (!field.startsWith("/")) {
        throw new IllegalArgumentException(flag + " must be a JSON pointer for a JSONL dataset, got: \"" + field
            + "\"; write /" + field);
      }
      try {
        JsonPointer.compile(field);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(flag + " must be a JSON pointer (RFC 6901), got: \"" + field + "\": "
            + e.getMessage());
      }
    } else if (field.startsWith("/")) {
      throw new IllegalArgumentException(flag + " must be a column name for a " + format.name().toLowerCase(Locale.ROOT) + " dataset, not a JSON pointer, got: \"" + field + "\"; write "
          + field.substring(1));
    }
  }

  private static void requireNonBlank(String flag, String value) {
    if (value != null && value.isBlank()) {
      throw new IllegalArgumentException(flag + " must be non-blank, got: \"" + value + "\"");
    }
  }
}
