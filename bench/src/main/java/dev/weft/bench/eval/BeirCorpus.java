package dev.weft.bench.eval;

import dev.weft.transforms.dataset.DatasetRecord;
import dev.weft.transforms.dataset.DatasetRecords;
import dev.weft.transforms.dataset.RecordOutcome;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Writes a BEIR corpus ({@code corpus.jsonl}, {@code .parquet} or {@code .avro}) out as one Markdown file per
 * record: the layout {@code weft bench --faq} indexes and {@code weft eval --as-files} judges.
 */
public final class BeirCorpus {
  private BeirCorpus() {}

  /**
   * Writes each record of the set's corpus as {@code <_id>.md} (title as a heading, then the text), read by the
   * dataset readers.
   *
   * @return record id → the file's name under {@code dir}, in corpus order
   * @throws IllegalArgumentException when the set has no corpus file, a record breaks the dataset rules (the
   *     benchmark wants the whole corpus, not a dead-lettered part of it), or two ids map to one file name
   */
  public static Map<String, String> writeMarkdownFiles(Path beirDir, Path dir) {
    Path corpus = BeirSet.CORPORA.stream().map(beirDir::resolve).filter(Files::isRegularFile).findFirst()
        .orElseThrow(() -> new IllegalArgumentException(
            "a BEIR folder for --faq must hold one of " + String.join(", ", BeirSet.CORPORA) + ", got none in: "
                + beirDir));
    return writeRecords(corpus, dir);
  }

  /** As {@link #writeMarkdownFiles}, from the corpus file itself. */
  public static Map<String, String> writeRecords(Path corpus, Path dir) {
    Map<String, String> files = new LinkedHashMap<>();
    Map<String, String> idOfFile = new HashMap<>();
    DatasetRecords.read(corpus, outcome -> {
      if (outcome instanceof RecordOutcome.Invalid invalid) {
        throw new IllegalArgumentException("bad record in " + corpus + " at " + invalid.deadLetter().path() + ": "
            + invalid.deadLetter().detail());
      }
      DatasetRecord record = ((RecordOutcome.Valid) outcome).record();
      String file = fileName(record.id());
      String other = idOfFile.putIfAbsent(file, record.id());
      if (other != null) {
        // the second would overwrite the first, and one record would be lost without a word
        throw new IllegalArgumentException("records " + other + " and " + record.id() + " of " + corpus
            + " both map to the file name " + file + "; give one of them another id");
      }
      String body = (record.title().isBlank() ? "" : "# " + record.title() + "\n\n") + record.text() + "\n";
      try {
        Files.writeString(dir.resolve(file), body);
      } catch (IOException e) {
        throw new UncheckedIOException("cannot write record " + record.id() + " into " + dir, e);
      }
      files.put(record.id(), file);
    });
    return Collections.unmodifiableMap(files);
  }

  /** The file a record id is written to: every character outside {@code [A-Za-z0-9._-]} becomes {@code _}. */
  static String fileName(String id) {
    return id.replaceAll("[^A-Za-z0-9._-]", "_") + ".md";
  }
}
