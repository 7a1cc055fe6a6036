package dev.weft.jobs.cli.options;

import dev.weft.pipelines.ingest.IngestSettingsBuilder;
import picocli.CommandLine.Option;

/**
 * {@code --id-field}, {@code --title-field}, {@code --text-field} and {@code --meta-fields}: which fields of a
 * dataset's records are the id, title, text and metadata (column names for Parquet and Avro, JSON pointers for
 * JSONL). Declared once, so the flags have one spelling; each sets the builder value of the same name
 * ({@code idField}, {@code titleField}, {@code textField}, {@code metaFields}), and the values are checked there.
 */
public final class DatasetFieldOptions {
  @Option(names = "--id-field", paramLabel = "FIELD",
      description = "Field of each record's id: a column (Parquet, Avro) or a JSON pointer (JSONL: /doc/id)"
          + " (default: _id, else id).")
  String idField;

  @Option(names = "--title-field", paramLabel = "FIELD", description = "Field of each record's optional title"
      + " (default: title).")
  String titleField;

  @Option(names = "--text-field", paramLabel = "FIELD", description = "Field of each record's text"
      + " (default: text).")
  String textField;

  @Option(names = "--meta-fields", paramLabel = "A,B,C|*", description = "Fields that travel with every chunk of a"
      + " record as metadata (stored, in --json hits, filterable with recall --where); * for every other field.")
  String metaFields;

  /** True when any of the flags was given. */
  public boolean given() {
    return idField != null || titleField != null || textField != null || metaFields != null;
  }

  /** Sets the values given on {@code builder}. */
  public <B extends IngestSettingsBuilder<B>> B applyTo(B builder) {
    return builder.idField(idField).titleField(titleField).textField(textField).metaFields(metaFields);
  }
}
