package dev.weft.bench;

import dev.weft.bench.eval.BeirSet;
import dev.weft.transforms.dataset.DatasetRecord;
import dev.weft.transforms.dataset.DatasetRecords;
import dev.weft.transforms.dataset.RecordOutcome;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;

/** Writes a BEIR corpus ({@code corpus.jsonl}, {@code .parquet} or {@code .avro}) out as one file per record. */
final class BeirCorpus {
  private BeirCorpus() {}

  /**
   * Writes each record of the set's corpus as {@code <_id>.md} (title as a heading, then the text), read by the
   * dataset readers; returns how many.
   *
   * @throws IllegalArgumentException when the set has no corpus file or a record breaks the dataset rules (the
   *     benchmark wants the whole corpus, not a dead-lettered part of it)
   */
  static int writeMarkdownFiles(Path beirDir, Path dir) {
    Path corpus = BeirSet.CORPORA.stream().map(beirDir::resolve).filter(Files::isRegularFile).findFirst()
        .orElseThrow(() -> new IllegalArgumentException(
            "a BEIR folder for --faq must hold one of " + String.join(", ", BeirSet.CORPORA) + ", got none in: "
                + beirDir));
    AtomicInteger count = new AtomicInteger();
    DatasetRecords.read(corpus, outcome -> {
      if (outcome instanceof RecordOutcome.Invalid invalid) {
        throw new IllegalArgumentException("bad record in " + corpus + " at " + invalid.deadLetter().path() + ": "
            + invalid.deadLetter().detail());
      }
      DatasetRecord record = ((RecordOutcome.Valid) outcome).record();
      String body = (record.title().isBlank() ? "" : "# " + record.title() + "\n\n") + record.text() + "\n";
      try {
        Files.writeString(dir.resolve(record.id().replaceAll("[^A-Za-z0-9._-]", "_") + ".md"), body);
      } catch (IOException e) {
        throw new UncheckedIOException("cannot write record " + record.id() + " into " + dir, e);
      }
      count.incrementAndGet();
    });
    return count.get();
  }
}
