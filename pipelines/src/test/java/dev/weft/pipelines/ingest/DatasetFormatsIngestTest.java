package dev.weft.pipelines.ingest;

import static dev.weft.transforms.dataset.DatasetFiles.record;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.context.Chunk;
import dev.weft.context.Hit;
import dev.weft.context.IndexLocation;
import dev.weft.context.RecallRequest;
import dev.weft.index.CorpusIndex;
import dev.weft.index.CorpusSearcher;
import dev.weft.transforms.dataset.DatasetFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The same records as JSONL, Parquet and Avro make the same index; the Parquet and Avro rules end to end. */
class DatasetFormatsIngestTest {
  private static final List<String> QUERIES =
      List.of("immutable dictionary keys", "indentation", "binary fractions", "strings");

  @TempDir Path tmp;

  @Test
  void theSameRecordsFromJsonlParquetAndAvroMakeIdenticalIndexes() throws IOException {
    Path jsonl = Files.writeString(tmp.resolve("corpus.jsonl"), """
        {"_id": "faq#1", "title": "", "text": "Indentation groups statements in Python."}
        {"_id": "faq#2", "title": "Strings", "text": "Strings are immutable so they can be dictionary keys."}
        {"id": "faq#3", "text": "Floating point numbers are binary fractions."}
        """);
    Path parquet = DatasetFiles.convert(jsonl, tmp.resolve("corpus.parquet"));
    Path avro = DatasetFiles.convert(jsonl, tmp.resolve("corpus.avro"));

    Map<String, Object> fromJsonl = ingestAndDescribe(jsonl, tmp.resolve("index-jsonl"));
    Map<String, Object> fromParquet = ingestAndDescribe(parquet, tmp.resolve("index-parquet"));
    Map<String, Object> fromAvro = ingestAndDescribe(avro, tmp.resolve("index-avro"));

    assertThat(fromJsonl).containsKeys("chunk faq#1#0", "chunk faq#2#0", "chunk faq#3#0")
        .containsEntry("recall immutable dictionary keys", List.of("faq#2"));
    assertThat(((Chunk) fromJsonl.get("chunk faq#2#0")).text())
        .isEqualTo("Strings\n\nStrings are immutable so they can be dictionary keys.");
    assertThat(fromParquet).isEqualTo(fromJsonl);
    assertThat(fromAvro).isEqualTo(fromJsonl);
  }

  @Test
  void aParquetDatasetIsIncrementalByContentHashWhateverTheFormat() throws IOException {
    Path jsonl = Files.writeString(tmp.resolve("corpus.jsonl"), """
        {"_id": "a", "text": "Indentation groups statements in Python."}
        {"_id": "b", "text": "Strings are immutable."}
        """);
    Path parquet = DatasetFiles.convert(jsonl, tmp.resolve("corpus.parquet"));
    Path index = tmp.resolve("index");

    assertThat(new Ingester().run(IngestRequest.dataset(parquet, IndexLocation.of(index)).build()).counters())
        .containsEntry("added", 2L);
    IngestReport second = new Ingester().run(IngestRequest.dataset(parquet, IndexLocation.of(index)).build());

    assertThat(second.published()).isFalse();
    assertThat(second.counters()).containsEntry("unchanged", 2L).containsEntry("added", 0L);
    // the hash is of the record, not of the file: the same records as JSONL are unchanged too
    assertThat(new Ingester().run(IngestRequest.dataset(jsonl, IndexLocation.of(index)).build()).published()).isFalse();
  }

  @Test
  void badParquetRecordsAreDeadLetteredByRecordNumberAndTheRestIsIndexed() throws IOException {
    Schema schema = SchemaBuilder.record("Doc").fields()
        .optionalLong("id").optionalString("title").optionalString("text").endRecord();
    Path dataset = DatasetFiles.write(tmp.resolve("corpus.parquet"), schema,
        record(schema, "id", 1L, "text", "fine"),
        record(schema, "id", null, "text", "no id"),
        record(schema, "id", 3L, "title", "no text"),
        record(schema, "id", 1L, "text", "duplicate"));

    IngestReport report = new Ingester().run(IngestRequest.dataset(dataset,
        IndexLocation.of(tmp.resolve("index"))).build());

    assertThat(report.counters()).containsEntry("added", 1L).containsEntry("skipped.invalid_record", 3L);
    assertThat(BadInputTest.deadLetters(report.deadLetterFile())).containsOnlyKeys("record 2", "record 3", "1");
    assertThat(Files.readString(report.deadLetterFile()))
        .contains("record text must be a string, got: null for id 3");
  }

  @Test
  void anAvroSchemaWithoutTextIngestsNothingAndNamesTheFile() throws IOException {
    Schema schema = SchemaBuilder.record("Doc").fields().requiredString("_id").requiredString("body").endRecord();
    Path dataset = DatasetFiles.write(tmp.resolve("corpus.avro"), schema,
        record(schema, "_id", "a", "body", "x"));
    Path index = tmp.resolve("index");

    assertThatThrownBy(() -> new Ingester().run(IngestRequest.dataset(dataset, IndexLocation.of(index)).build()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("a dataset's records must have the fields _id or id, and text; missing: text; "
            + "fields found: [_id, body] in: " + dataset);
    assertThat(index).doesNotExist();
  }

  /** Every stored record (its state and chunks) and the ranked paths of {@link #QUERIES}. */
  private static Map<String, Object> ingestAndDescribe(Path dataset, Path index) {
    IngestReport report = new Ingester().run(IngestRequest.dataset(dataset, IndexLocation.of(index)).build());
    assertThat(report.counters()).containsEntry("added", 3L);
    Map<String, Object> described = new TreeMap<>();
    try (CorpusIndex ci = CorpusIndex.openExisting(IndexLocation.of(index)); CorpusSearcher searcher = ci.searcher()) {
      ci.fileStates().forEach((path, state) -> described.put("state " + path, state));
      // no chunk has a vector (no embedder), so this walks every stored chunk
      for (List<Chunk> batch : searcher.chunksWithoutVectors(100)) {
        batch.forEach(chunk -> described.put("chunk " + chunk.id(), chunk));
      }
      for (String query : QUERIES) {
        described.put("recall " + query,
            searcher.recall(RecallRequest.of(query)).hits().stream().map(Hit::path).toList());
      }
    }
    return described;
  }
}
