package dev.weft.pipelines.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.context.IndexLocation;
import dev.weft.context.QueryVector;
import dev.weft.context.RecallMode;
import dev.weft.context.RecallRequest;
import dev.weft.context.embed.EmbedFailureReason;
import dev.weft.index.CorpusIndex;
import dev.weft.index.CorpusSearcher;
import dev.weft.pipelines.Runner;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The in-process executor, Beam on the DirectRunner and Beam on the FlinkRunner ([local]) must write the same
 * documents (ids, fields, chunk boundaries, file states), the same vectors and the same dead letters for the
 * same corpus. The deterministic hash embedder stands in for a model, so vectors can be compared exactly.
 */
class ExecutorEquivalenceTest {
  @TempDir Path tmp;

  @Test
  void inProcessDirectAndFlinkWriteTheSameDocuments(@TempDir Path outside) throws Exception {
    Path root = BadInputTest.badCorpus(tmp.resolve("corpus"), outside);
    Corpora.copy(Corpora.GRAPH, root.resolve("graph")); // every import rule: the edges must match too

    IngestReport inProcess = run(root, "inprocess", Runner.INPROCESS, List.of());
    IngestReport direct = run(root, "direct", Runner.DIRECT, List.of());
    IngestReport flink = run(root, "flink", Runner.FLINK, List.of("--parallelism=2"));

    assertThat(inProcess.executor()).isEqualTo("in-process");
    assertThat(direct.executor()).isEqualTo("beam-direct");
    assertThat(flink.executor()).isEqualTo("beam-flink");
    Map<String, List<String>> expected = Corpora.dump(tmp.resolve("inprocess"));
    assertThat(expected).hasSizeGreaterThan(15);
    assertThat(Corpora.dump(tmp.resolve("direct"))).isEqualTo(expected);
    assertThat(Corpora.dump(tmp.resolve("flink"))).isEqualTo(expected);
    List<String> edges = CodeGraphIngestTest.edges(tmp.resolve("inprocess"));
    assertThat(edges).hasSizeGreaterThan(20);
    assertThat(CodeGraphIngestTest.edges(tmp.resolve("direct"))).isEqualTo(edges);
    assertThat(CodeGraphIngestTest.edges(tmp.resolve("flink"))).isEqualTo(edges);
    assertThat(direct.counters()).isEqualTo(inProcess.counters());
    assertThat(flink.counters()).isEqualTo(inProcess.counters());
    assertThat(BadInputTest.lines(direct.deadLetterFile())).isEqualTo(BadInputTest.lines(inProcess.deadLetterFile()));
    assertThat(BadInputTest.lines(flink.deadLetterFile())).isEqualTo(BadInputTest.lines(inProcess.deadLetterFile()));
    assertThat(inProcess.counter("embedded")).isEqualTo(inProcess.counter("chunks"));
    List<String> expectedDense = dense(tmp.resolve("inprocess"));
    assertThat(expectedDense).isNotEmpty();
    assertThat(dense(tmp.resolve("direct"))).isEqualTo(expectedDense);
    assertThat(dense(tmp.resolve("flink"))).isEqualTo(expectedDense);
  }

  /**
   * The same for a dataset: the driver plans once, then each executor chunks, embeds and writes the selected
   * records; stored chunks, item states, counters, dead letters and vectors must not tell the executors apart.
   */
  @Test
  void aDatasetIngestsTheSameInProcessOnDirectAndOnFlink() throws IOException {
    Path dataset = DatasetFixtures.mixedRecords(tmp.resolve("corpus.jsonl"));

    IngestReport inProcess = runDataset(dataset, "ds-inprocess", Runner.INPROCESS, List.of());
    IngestReport direct = runDataset(dataset, "ds-direct", Runner.DIRECT, List.of());
    IngestReport flink = runDataset(dataset, "ds-flink", Runner.FLINK, List.of("--parallelism=2"));

    assertThat(List.of(inProcess.executor(), direct.executor(), flink.executor()))
        .containsExactly("in-process", "beam-direct", "beam-flink");
    assertThat(inProcess.counters()).containsEntry("added", 4L).containsEntry("empty", 1L)
        .containsEntry("skipped.invalid_record", 3L);
    assertThat(inProcess.counter("chunks")).isGreaterThan(4);
    assertThat(inProcess.counter("embedded")).isEqualTo(inProcess.counter("chunks"));
    assertThat(direct.counters()).isEqualTo(inProcess.counters());
    assertThat(flink.counters()).isEqualTo(inProcess.counters());
    Map<String, List<String>> expected = Corpora.dump(tmp.resolve("ds-inprocess"));
    assertThat(Corpora.dump(tmp.resolve("ds-direct"))).isEqualTo(expected);
    assertThat(Corpora.dump(tmp.resolve("ds-flink"))).isEqualTo(expected);
    Map<String, String> states = DatasetFixtures.states(tmp.resolve("ds-inprocess"));
    assertThat(states).containsOnlyKeys("limits", "strings", "empty", "guide");
    assertThat(DatasetFixtures.states(tmp.resolve("ds-direct"))).isEqualTo(states);
    assertThat(DatasetFixtures.states(tmp.resolve("ds-flink"))).isEqualTo(states);
    List<String> letters = BadInputTest.lines(inProcess.deadLetterFile());
    assertThat(letters).hasSize(3).anyMatch(letter -> letter.contains("\"line 4\"")
        && letter.contains("each line must be valid UTF-8, got: byte 0xe9 at offset 29 of the line"));
    assertThat(BadInputTest.lines(direct.deadLetterFile())).isEqualTo(letters);
    assertThat(BadInputTest.lines(flink.deadLetterFile())).isEqualTo(letters);
    List<String> expectedDense = dense(tmp.resolve("ds-inprocess"));
    assertThat(expectedDense).isNotEmpty();
    assertThat(dense(tmp.resolve("ds-direct"))).isEqualTo(expectedDense);
    assertThat(dense(tmp.resolve("ds-flink"))).isEqualTo(expectedDense);
  }

  /**
   * A failing embedder (its breaker never opening, so batching cannot matter): every executor leaves the same
   * chunks without a vector, counts them under the same reason and writes the same dead letters.
   */
  @Test
  void embeddingFailuresAreTheSameOnEveryExecutor() throws IOException {
    Path root = Corpora.copyGolden(tmp.resolve("corpus"));
    FailingEmbedderSpec failing = new FailingEmbedderSpec(EmbedFailureReason.HTTP_5XX, Integer.MAX_VALUE);

    IngestReport inProcess = runFailing(root, "f-inprocess", Runner.INPROCESS, List.of(), failing);
    IngestReport direct = runFailing(root, "f-direct", Runner.DIRECT, List.of(), failing);
    IngestReport flink = runFailing(root, "f-flink", Runner.FLINK, List.of("--parallelism=2"), failing);

    assertThat(inProcess.counter("embed_failed")).isEqualTo(inProcess.counter("chunks")).isPositive();
    assertThat(inProcess.counter("embed_failed.http_5xx")).isEqualTo(inProcess.counter("chunks"));
    assertThat(direct.counters()).isEqualTo(inProcess.counters());
    assertThat(flink.counters()).isEqualTo(inProcess.counters());
    assertThat(direct.embedFailures()).isEqualTo(inProcess.embedFailures()).hasSize(1);
    assertThat(flink.embedFailures()).isEqualTo(inProcess.embedFailures());
    List<String> letters = BadInputTest.lines(inProcess.deadLetterFile());
    assertThat(letters).hasSize((int) inProcess.counter("chunks"));
    assertThat(BadInputTest.lines(direct.deadLetterFile())).isEqualTo(letters);
    assertThat(BadInputTest.lines(flink.deadLetterFile())).isEqualTo(letters);
  }

  private IngestReport runFailing(Path root, String name, Runner runner, List<String> beamArgs,
      FailingEmbedderSpec spec) {
    return new Ingester().run(IngestRequest.directory(root,
        IndexLocation.of(tmp.resolve(name))).runner(runner).beamArgs(beamArgs)
        .embedder(spec).build());
  }

  /** Dense recall over every chunk: equal lists mean equal vectors on equal chunks. */
  private static List<String> dense(Path index) {
    try (CorpusIndex ci = CorpusIndex.openExisting(IndexLocation.of(index)); CorpusSearcher searcher = ci.searcher()) {
      QueryVector query = new QueryVector(EmbeddingIngestTest.HASH.identity(),
          EmbeddingIngestTest.HASH.create().embed(List.of("rate limiting token bucket")).get(0));
      RecallRequest request = new RecallRequest("rate limiting token bucket", Set.of(), 50, false)
          .withMode(RecallMode.DENSE);
      return searcher.recall(request, query).hits().stream()
          .map(h -> h.path() + ":" + h.chunk().startLine() + ":" + h.cosine())
          .toList();
    }
  }

  private IngestReport run(Path root, String name, Runner runner, List<String> beamArgs) {
    return new Ingester().run(IngestRequest.directory(root,
        IndexLocation.of(tmp.resolve(name))).runner(runner).beamArgs(beamArgs)
        .maxFileBytes(5000).embedder(EmbeddingIngestTest.HASH).build());
  }

  private IngestReport runDataset(Path dataset, String name, Runner runner, List<String> beamArgs) {
    return new Ingester().run(IngestRequest.dataset(dataset, IndexLocation.of(tmp.resolve(name))).runner(runner)
        .beamArgs(beamArgs).embedder(EmbeddingIngestTest.HASH).build());
  }
}
