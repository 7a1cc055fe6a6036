package dev.weft.pipelines.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.context.IndexLocation;
import dev.weft.context.RecallRequest;
import dev.weft.context.generation.CorpusSource;
import dev.weft.index.CorpusIndex;
import dev.weft.index.CorpusSearcher;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Records of a JSONL dataset are doc items (Parquet and Avro: {@link DatasetFormatsIngestTest}): incremental by content hash, bad lines dead-lettered. */
class DatasetIngesterTest {
  @TempDir Path tmp;

  @Test
  void recordsAreIndexedIncrementallyByContentHash() throws IOException {
    Path dataset = tmp.resolve("corpus.jsonl");
    Files.writeString(dataset, """
        {"_id": "faq#1", "title": "", "text": "Indentation groups statements in Python."}
        {"_id": "faq#2", "title": "Strings", "text": "Strings are immutable so they can be dictionary keys."}
        {"id": "faq#3", "text": "Floating point numbers are binary fractions."}
        """);
    Path index = tmp.resolve("index");

    IngestReport first = new Ingester().run(IngestRequest.dataset(dataset, IndexLocation.of(index)).build());

    assertThat(first.counters()).containsEntry("added", 3L).containsEntry("chunks", 3L);
    try (CorpusIndex ci = CorpusIndex.openExisting(IndexLocation.of(index)); CorpusSearcher searcher = ci.searcher()) {
      assertThat(searcher.recall(RecallRequest.of("immutable dictionary keys")).hits())
          .extracting(h -> h.path()).containsExactly("faq#2");
      assertThat(searcher.recall(RecallRequest.of("strings")).hits().get(0).kind().id()).isEqualTo("doc");
      // get reads the items back from the dataset the manifest names, never from a guess
      assertThat(searcher.generation().source())
          .isEqualTo(CorpusSource.dataset(dataset.toAbsolutePath().normalize().toString(), "jsonl"));
    }

    assertThat(new Ingester().run(IngestRequest.dataset(dataset,
        IndexLocation.of(index)).build()).published()).isFalse();

    Files.writeString(dataset, """
        {"_id": "faq#1", "title": "", "text": "Indentation groups statements; no braces needed."}
        {"id": "faq#3", "text": "Floating point numbers are binary fractions."}
        """);
    IngestReport third = new Ingester().run(IngestRequest.dataset(dataset, IndexLocation.of(index)).build());
    assertThat(third.counters()).containsEntry("updated", 1L).containsEntry("removed", 1L)
        .containsEntry("unchanged", 1L);
    assertThat(third.files()).isEqualTo(2);
  }

  @Test
  void badLinesAreDeadLetteredAndTheRestIsIndexed() throws IOException {
    Path dataset = tmp.resolve("corpus.jsonl");
    Files.writeString(dataset, """
        {"_id": "ok", "text": "fine"}
        not json at all
        {"title": "no id", "text": "x"}
        {"_id": "no-text", "title": "t"}
        {"_id": "ok", "text": "duplicate"}
        """);

    IngestReport report = new Ingester().run(IngestRequest.dataset(dataset,
        IndexLocation.of(tmp.resolve("index"))).build());

    assertThat(report.counters()).containsEntry("added", 1L).containsEntry("skipped.invalid_record", 4L);
    assertThat(BadInputTest.deadLetters(report.deadLetterFile())).containsOnlyKeys("line 2", "line 3", "line 4", "ok");
  }

  @Test
  void aMissingDatasetOrUnknownFormatIsAClearError() throws IOException {
    assertThatThrownBy(() -> new Ingester().run(IngestRequest.dataset(tmp.resolve("nope.jsonl"),
        IndexLocation.of(tmp)).build()))
        .hasMessageStartingWith("dataset must be an existing file, got: ");
    Path csv = Files.writeString(tmp.resolve("data.csv"), "a,b\n");
    assertThatThrownBy(() -> new Ingester().run(IngestRequest.dataset(csv, IndexLocation.of(tmp.resolve("i"))).build()))
        .hasMessageStartingWith("dataset must be a .jsonl, .ndjson, .parquet or .avro file, got: ");
  }

  @Test
  void aDatasetRunThatDiesBetweenCommitAndPublishLeavesThePreviousGenerationServed() throws IOException {
    // the one run skeleton gives datasets what directories had: the hook between commit and publish
    Path dataset = tmp.resolve("corpus.jsonl");
    Files.writeString(dataset, "{\"_id\": \"a\", \"text\": \"alpha\"}\n");
    Path index = tmp.resolve("index");
    new Ingester().run(IngestRequest.dataset(dataset, IndexLocation.of(index)).build());
    Files.writeString(dataset, "{\"_id\": \"a\", \"text\": \"alpha\"}\n{\"_id\": \"b\", \"text\": \"zanzibar\"}\n");

    Ingester crashing = new Ingester(() -> {
      throw new IllegalStateException("simulated crash after commit");
    });
    assertThatThrownBy(() -> crashing.run(IngestRequest.dataset(dataset, IndexLocation.of(index)).build()))
        .hasMessage("simulated crash after commit");

    try (CorpusIndex ci = CorpusIndex.openExisting(IndexLocation.of(index)); CorpusSearcher searcher = ci.searcher()) {
      assertThat(searcher.generation().generation()).isEqualTo(1);
      assertThat(searcher.recall(RecallRequest.of("zanzibar")).isEmpty()).isTrue();
    }
    assertThat(new Ingester().run(IngestRequest.dataset(dataset,
        IndexLocation.of(index)).build()).counter("added")).isEqualTo(1);
  }
}
