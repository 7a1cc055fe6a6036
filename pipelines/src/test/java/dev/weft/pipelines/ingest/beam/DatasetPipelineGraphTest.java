package dev.weft.pipelines.ingest.beam;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.context.Kind;
import dev.weft.transforms.beam.DatasetRecordCoder;
import dev.weft.transforms.dataset.DatasetChangeSet;
import dev.weft.transforms.dataset.DatasetPlanner;
import dev.weft.transforms.dataset.DatasetRecord;
import dev.weft.transforms.dataset.RecordChunker;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.coders.SerializableCoder;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.apache.beam.sdk.runners.TransformHierarchy;
import org.apache.beam.sdk.util.CoderUtils;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PValue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The dataset ingest's graph, as PipelineGraphTest walks the tree ingest's: no element is Java-serialized. */
class DatasetPipelineGraphTest {
  @TempDir Path tmp;

  @Test
  void noElementBetweenStepsIsJavaSerialized() throws IOException {
    Path dataset = Files.writeString(tmp.resolve("corpus.jsonl"), """
        {"_id": "a", "title": "T", "text": "Indentation groups statements."}
        """);
    DatasetChangeSet changes = new DatasetPlanner("stamp").plan(dataset, Map.of(), false);
    IngestOptions options = PipelineOptionsFactory.fromArgs("--runner=DirectRunner", "--root=" + dataset,
        "--staging=" + tmp.resolve("staging").toUri(), "--embedder=hash:8",
        "--exportParquet=" + tmp.resolve("export")).withValidation().as(IngestOptions.class);
    Pipeline pipeline = DatasetIngestPipeline.buildPipeline(options, changes.selection(),
        RecordChunker.as(Kind.DOC, "text", "stamp"), null);

    Map<String, String> coders = new TreeMap<>();
    pipeline.traverseTopologically(new Pipeline.PipelineVisitor.Defaults() {
      @Override
      public void visitValue(PValue value, TransformHierarchy.Node producer) {
        if (value instanceof PCollection<?> collection) {
          coders.put(collection.getName(), collection.getCoder().toString());
        }
      }
    });

    assertThat(coders).containsKey("ReadDatasetRecords/ReadSelected/ParMultiDo(ReadSelected).output");
    assertThat(coders).allSatisfy((name, coder) -> assertThat(coder)
        .as("coder of " + name).doesNotContain(SerializableCoder.class.getSimpleName()));
  }

  @Test
  void aRecordRoundTripsThroughItsSchemaCoder() throws Exception {
    DatasetRecord record = new DatasetRecord("r/1", "", "text \u00e9\n");
    assertThat(CoderUtils.clone(DatasetRecordCoder.of(), record)).isEqualTo(record);
  }
}
