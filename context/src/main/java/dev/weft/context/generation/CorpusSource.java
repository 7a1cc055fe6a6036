package dev.weft.context.generation;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Where a generation's items came from, recorded in its manifest so that {@code get} reads them back from the
 * same place instead of guessing from the corpus root: a directory tree, or a dataset file of records.
 *
 * @param kind {@value #FILES} or {@value #DATASET}
 * @param location the absolute corpus root, or the absolute dataset file
 * @param format for a dataset, its file format ({@code jsonl}, {@code parquet}, {@code avro}); null for files
 * @param fields for a dataset read with {@code --id-field}, {@code --title-field} or {@code --text-field}, those
 *     fields by role ({@code id}, {@code title}, {@code text}), so {@code get} reads a record's body as ingest did;
 *     null (left out of the manifest) for BEIR's layout and for files
 */
public record CorpusSource(String kind, String location, String format,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, String> fields) {
  public static final String FILES = "files";
  public static final String DATASET = "dataset";

  public CorpusSource {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(location, "location");
    if (!Set.of(FILES, DATASET).contains(kind)) {
      throw new IllegalArgumentException("corpus source kind must be " + FILES + " or " + DATASET + ", got: " + kind);
    }
    if (DATASET.equals(kind) && (format == null || format.isBlank())) {
      throw new IllegalArgumentException("a dataset source needs its format, got none for: " + location);
    }
    fields = fields == null || fields.isEmpty() ? null : Map.copyOf(fields);
  }

  public CorpusSource(String kind, String location, String format) {
    this(kind, location, format, null);
  }

  /** The files under a directory corpus root. */
  public static CorpusSource files(String root) {
    return new CorpusSource(FILES, root, null);
  }

  /** The records of a dataset file in {@code format}. */
  public static CorpusSource dataset(String file, String format) {
    return new CorpusSource(DATASET, file, format);
  }

  /** The records of a dataset file in {@code format}, read with the fields named by role. */
  public static CorpusSource dataset(String file, String format, Map<String, String> fields) {
    return new CorpusSource(DATASET, file, format, fields);
  }

  /** Derived from the kind, so not a field of the manifest (nor of {@code weft generations --json}). */
  @JsonIgnore
  public boolean isDataset() {
    return DATASET.equals(kind);
  }
}
