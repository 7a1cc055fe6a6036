package dev.weft.context.generation;

import com.fasterxml.jackson.annotation.JsonIgnore;
import java.util.Objects;
import java.util.Set;

/**
 * Where a generation's items came from, recorded in its manifest so that {@code get} reads them back from the
 * same place instead of guessing from the corpus root: a directory tree, or a dataset file of records.
 *
 * @param kind {@value #FILES} or {@value #DATASET}
 * @param location the absolute corpus root, or the absolute dataset file
 * @param format for a dataset, its file format ({@code jsonl}, {@code parquet}, {@code avro}); null for files
 */
public record CorpusSource(String kind, String location, String format) {
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
  }

  /** The files under a directory corpus root. */
  public static CorpusSource files(String root) {
    return new CorpusSource(FILES, root, null);
  }

  /** The records of a dataset file in {@code format}. */
  public static CorpusSource dataset(String file, String format) {
    return new CorpusSource(DATASET, file, format);
  }

  /** Derived from the kind, so not a field of the manifest (nor of {@code weft generations --json}). */
  @JsonIgnore
  public boolean isDataset() {
    return DATASET.equals(kind);
  }
}
