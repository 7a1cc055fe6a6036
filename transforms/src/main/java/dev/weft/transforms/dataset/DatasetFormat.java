package dev.weft.transforms.dataset;

import java.nio.file.Path;
import java.util.Locale;

/** The dataset file formats Weft reads, chosen by extension. */
public enum DatasetFormat {
  JSONL;

  public static DatasetFormat of(Path file) {
    String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
    if (name.endsWith(".jsonl") || name.endsWith(".ndjson")) {
      return JSONL;
    }
    throw new IllegalArgumentException("dataset must be a .jsonl or .ndjson file, got: " + file);
  }
}
