package dev.weft.pipelines.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.context.IndexLocation;
import dev.weft.pipelines.Runner;
import dev.weft.transforms.dataset.DatasetFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Dataset ingest on Beam's DirectRunner: incremental like in-process (only changed records reach the pipeline),
 * the same for every dataset format, and {@code --export-parquet} on the Beam path. Flink is held to the same
 * result in {@link ExecutorEquivalenceTest}.
 */
class DatasetBeamIngestTest {
  @TempDir Path tmp;

  @Test
  void aSecondRunOnDirectProcessesOnlyTheChangedRecordAndRemovesTheVanishedOne() throws IOException {
    Path dataset = tmp.resolve("corpus.jsonl");
    List<String> lines = List.of(
        DatasetFixtures.line("a", "", "Indentation groups statements in Python."),
        DatasetFixtures.line("b", "Strings", "Strings are immutable so they can be dictionary keys."),
        DatasetFixtures.line("c", "", "Floating point numbers are binary fractions."),
        DatasetFixtures.line("d", "Guide", DatasetFixtures.longText(12)));
    DatasetFixtures.write(dataset, lines);
    Path export = tmp.resolve("export");
    IngestReport first = run(dataset, "direct", Runner.DIRECT, new ArrayList<>(), export);
    run(dataset, "inprocess", Runner.INPROCESS, new ArrayList<>(), null);
    assertThat(first.counters()).containsEntry("added", 4L);
    try (Stream<Path> files = Files.list(export)) {
      assertThat(files.map(p -> p.getFileName().toString()))
          .isNotEmpty().allMatch(name -> name.startsWith("chunks-") && name.endsWith(".parquet"));
    }

    DatasetFixtures.write(dataset, List.of(lines.get(0),
        DatasetFixtures.line("b", "Strings", "Strings are immutable; a changed record is chunked again."),
        lines.get(3)));
    List<Integer> directStarted = new ArrayList<>();
    IngestReport direct = run(dataset, "direct", Runner.DIRECT, directStarted, null);
    IngestReport inProcess = run(dataset, "inprocess", Runner.INPROCESS, new ArrayList<>(), null);

    assertThat(directStarted).containsExactly(1);
    assertThat(direct.executor()).isEqualTo("beam-direct");
    assertThat(direct.counters()).containsEntry("added", 0L).containsEntry("updated", 1L)
        .containsEntry("removed", 1L).containsEntry("unchanged", 2L).containsEntry("chunks", 1L)
        .containsEntry("embedded", 1L);
    assertThat(direct.counters()).isEqualTo(inProcess.counters());
    assertThat(Corpora.dump(tmp.resolve("direct"))).isEqualTo(Corpora.dump(tmp.resolve("inprocess")));
    assertThat(DatasetFixtures.states(tmp.resolve("direct"))).containsOnlyKeys("a", "b", "d")
        .isEqualTo(DatasetFixtures.states(tmp.resolve("inprocess")));
    assertThat(run(dataset, "direct", Runner.DIRECT, new ArrayList<>(), null).published()).isFalse();
  }

  @Test
  void parquetAndAvroDatasetsOnDirectGiveTheIndexOfTheJsonlInProcess() throws IOException {
    Path jsonl = DatasetFixtures.write(tmp.resolve("corpus.jsonl"), List.of(
        DatasetFixtures.line("a", "", "Indentation groups statements in Python."),
        DatasetFixtures.line("b", "Strings", "Strings are immutable so they can be dictionary keys."),
        DatasetFixtures.line("c", "Guide", DatasetFixtures.longText(8))));
    Path parquet = DatasetFiles.convert(jsonl, tmp.resolve("corpus.parquet"));
    Path avro = DatasetFiles.convert(jsonl, tmp.resolve("corpus.avro"));

    IngestReport expected = run(jsonl, "jsonl", Runner.INPROCESS, new ArrayList<>(), null);
    IngestReport fromParquet = run(parquet, "parquet", Runner.DIRECT, new ArrayList<>(), null);
    IngestReport fromAvro = run(avro, "avro", Runner.DIRECT, new ArrayList<>(), null);

    assertThat(fromParquet.counters()).isEqualTo(expected.counters()).containsEntry("added", 3L);
    assertThat(fromAvro.counters()).isEqualTo(expected.counters());
    assertThat(Corpora.dump(tmp.resolve("parquet"))).isEqualTo(Corpora.dump(tmp.resolve("jsonl")));
    assertThat(Corpora.dump(tmp.resolve("avro"))).isEqualTo(Corpora.dump(tmp.resolve("jsonl")));
  }

  private IngestReport run(Path dataset, String index, Runner runner, List<Integer> started, Path export) {
    IngestProgress progress = new IngestProgress() {
      @Override
      public void started(int files, String executor) {
        started.add(files);
      }
    };
    return new Ingester().run(IngestRequest.dataset(dataset, IndexLocation.of(tmp.resolve(index))).runner(runner)
        .embedder(EmbeddingIngestTest.HASH).progress(progress).exportParquet(export).build());
  }
}
