package dev.weft.transforms.beam;

import dev.weft.context.DeadLetter;
import dev.weft.context.Kind;
import dev.weft.transforms.dataset.DatasetChangeSet;
import dev.weft.transforms.dataset.DatasetPlanner;
import dev.weft.transforms.dataset.DatasetRecord;
import dev.weft.transforms.dataset.RecordChunker;
import dev.weft.transforms.ingest.FileOutcome;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.testing.PAssert;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionTuple;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link ReadDatasetRecords} reads exactly the planned records; {@link ChunkDatasetRecords} chunks them as in-process. */
class DatasetTransformsTest {
  @TempDir Path tmp;

  @Test
  void readsOnlyTheSelectedRecordsAndChunksThemAsTheRecordChunkerDoes() throws IOException {
    Path dataset = Files.writeString(tmp.resolve("corpus.jsonl"), """
        {"_id": "a", "text": "Indentation groups statements."}
        not json
        {"_id": "b", "title": "Strings", "text": "Strings are immutable."}
        {"_id": "a", "text": "a repeated id is never read"}
        {"_id": "c", "text": ""}
        """);
    DatasetChangeSet changes = new DatasetPlanner("stamp").plan(dataset, Map.of(), false);
    DatasetRecord a = new DatasetRecord("a", "", "Indentation groups statements.");
    DatasetRecord b = new DatasetRecord("b", "Strings", "Strings are immutable.");
    DatasetRecord c = new DatasetRecord("c", "", "");
    RecordChunker chunker = RecordChunker.as(Kind.DOC, "text", BeamFixtures.STAMP);

    Pipeline pipeline = BeamFixtures.directPipeline();
    PCollection<DatasetRecord> records = pipeline
        .apply("ReadDatasetRecords", ReadDatasetRecords.from(dataset.toString(), changes.selection()));
    PCollectionTuple chunked = records.apply("ChunkDatasetRecords", ChunkDatasetRecords.with(chunker));
    PAssert.that(records).containsInAnyOrder(a, b, c);
    PAssert.that(chunked.get(ReadAndChunkFiles.CHUNKED)).containsInAnyOrder(
        (FileOutcome.Chunked) chunker.chunk(a), (FileOutcome.Chunked) chunker.chunk(b),
        (FileOutcome.Chunked) chunker.chunk(c));
    PAssert.<DeadLetter>that(chunked.get(ReadAndChunkFiles.DEAD_LETTERS)).empty();
    pipeline.run().waitUntilFinish();
  }
}
