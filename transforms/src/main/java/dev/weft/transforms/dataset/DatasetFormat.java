package dev.weft.transforms.dataset;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The dataset file formats Weft reads, chosen by extension. */
public enum DatasetFormat {
  /** One JSON object per line (BEIR's {@code corpus.jsonl}). */
  JSONL(".jsonl", ".ndjson"),
  /** Apache Parquet, read as Avro records through parquet-avro. */
  PARQUET(".parquet"),
  /** An Avro object container file (the schema in its header). */
  AVRO(".avro");

  private final List<String> extensions;

  DatasetFormat(String... extensions) {
    this.extensions = List.of(extensions);
  }

  /** The file name suffixes, with their dots. */
  public List<String> extensions() {
    return extensions;
  }

  public static DatasetFormat of(Path file) {
    String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
    for (DatasetFormat format : values()) {
      for (String extension : format.extensions) {
        if (name.endsWith(extension)) {
          return format;
        }
      }
    }
    throw new IllegalArgumentException("dataset must be a " + accepted() + " file, got: " + file);
  }

  /** {@code .jsonl, .ndjson, .parquet or .avro}. */
  static String accepted() {
    List<String> all = new ArrayList<>();
    for (DatasetFormat format : values()) {
      all.addAll(format.extensions);
    }
    return String.join(", ", all.subList(0, all.size() - 1)) + " or " + all.get(all.size() - 1);
  }
}
