package dev.weft.pipelines.ingest;

import dev.weft.context.Kind;
import dev.weft.transforms.chunk.Formats;
import dev.weft.transforms.dataset.FieldMapping;
import java.nio.file.Path;
import java.util.Objects;

/**
 * A dataset file of records (id, title, text; JSONL, Parquet or Avro), each indexed as one item.
 *
 * @param dataset the dataset file ({@code .jsonl}/{@code .ndjson}, {@code .parquet} or {@code .avro})
 * @param kind the kind every record is routed to
 * @param format the chunking format of the record text ({@code text}: paragraph packing)
 * @param fields which fields are the id, title, text and metadata ({@code --id-field}, {@code --title-field},
 *     {@code --text-field}, {@code --meta-fields}); BEIR's layout when not given
 */
public record DatasetSource(Path dataset, Kind kind, String format, FieldMapping fields) implements IngestSource {
  public DatasetSource {
    Objects.requireNonNull(dataset, "dataset");
    Objects.requireNonNull(kind, "kind");
    fields = fields == null ? FieldMapping.beir() : fields;
    if (format == null || format.isBlank()) {
      throw new IllegalArgumentException("record chunking format must be non-blank, got: "
          + (format == null ? "null" : "\"" + format + "\""));
    }
  }

  /** A source in BEIR's layout. */
  public DatasetSource(Path dataset, Kind kind, String format) {
    this(dataset, kind, format, FieldMapping.beir());
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
