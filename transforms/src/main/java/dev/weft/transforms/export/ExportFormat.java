package dev.weft.transforms.export;

import java.util.Locale;

/** The file formats a chunk dataset is written in. */
public enum ExportFormat {
  /** Apache Parquet, Snappy-compressed, the Avro schema in the footer (parquet-avro). */
  PARQUET(".parquet"),
  /** An Avro object container file, deflate-compressed, the schema in the header. */
  AVRO(".avro");

  private final String extension;

  ExportFormat(String extension) {
    this.extension = extension;
  }

  /** The file name suffix, with its dot. */
  public String extension() {
    return extension;
  }

  /** {@code parquet} or {@code avro} (any case); the error names the value and the choices. */
  public static ExportFormat parse(String value) {
    for (ExportFormat format : values()) {
      if (format.name().equalsIgnoreCase(value == null ? "" : value.trim())) {
        return format;
      }
    }
    throw new IllegalArgumentException("export format must be one of parquet, avro; got: " + value);
  }

  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }
}
