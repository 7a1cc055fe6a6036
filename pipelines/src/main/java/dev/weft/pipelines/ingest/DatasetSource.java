package dev.weft.pipelines.ingest;

import dev.weft.context.Kind;
import dev.weft.transforms.chunk.Formats;
import java.nio.file.Path;
import java.util.Objects;

/**
 * A dataset file of records (id, title, text; JSONL, Parquet or Avro), each indexed as one item.
 *
 * @param dataset the dataset file ({@code .jsonl}/{@code .ndjson}, {@code .parquet} or {@code .avro})
 * @param kind the kind every record is routed to
 * @param format the chunking format of the record text ({@code text}: paragraph packing)
 */
public record DatasetSource(Path dataset, Kind kind, String format) implements IngestSource {
  public DatasetSource {
    Objects.requireNonNull(dataset, "dataset");
    Objects.requireNonNull(kind, "kind");
    if (format == null || format.isBlank()) {
      throw new IllegalArgumentException("record chunking format must be non-blank, got: "
          + (format == null ? "null" : "\"" + format + "\""));
    }
  }

  /** Records of {@code dataset} as {@code doc} items of plain text. */
  public static DatasetSource of(Path dataset) {
    return new DatasetSource(dataset, Kind.DOC, Formats.TEXT);
  }

  @Override
  public Path location() {
    return dataset;
  }
}
