package dev.weft.pipelines.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The in-process executor, Beam on the DirectRunner and Beam on the FlinkRunner ([local]) must write the same
 * documents (ids, fields, chunk boundaries, file states) and the same dead letters for the same corpus.
 */
class ExecutorEquivalenceTest {
  @TempDir Path tmp;

  @Test
  void inProcessDirectAndFlinkWriteTheSameDocuments(@TempDir Path outside) throws IOException {
    Path root = BadInputTest.badCorpus(tmp.resolve("corpus"), outside);

    IngestReport inProcess = run(root, "inprocess", RunnerChoice.IN_PROCESS, List.of());
    IngestReport direct = run(root, "direct", RunnerChoice.DIRECT, List.of());
    IngestReport flink = run(root, "flink", RunnerChoice.FLINK, List.of("--parallelism=2"));

    assertThat(inProcess.executor()).isEqualTo("in-process");
    assertThat(direct.executor()).isEqualTo("beam-direct");
    assertThat(flink.executor()).isEqualTo("beam-flink");
    Map<String, List<String>> expected = Corpora.dump(tmp.resolve("inprocess"));
    assertThat(expected).hasSizeGreaterThan(15);
    assertThat(Corpora.dump(tmp.resolve("direct"))).isEqualTo(expected);
    assertThat(Corpora.dump(tmp.resolve("flink"))).isEqualTo(expected);
    assertThat(direct.counters()).isEqualTo(inProcess.counters());
    assertThat(flink.counters()).isEqualTo(inProcess.counters());
    assertThat(BadInputTest.lines(direct.deadLetterFile())).isEqualTo(BadInputTest.lines(inProcess.deadLetterFile()));
    assertThat(BadInputTest.lines(flink.deadLetterFile())).isEqualTo(BadInputTest.lines(inProcess.deadLetterFile()));
  }

  private IngestReport run(Path root, String name, RunnerChoice runner, List<String> beamArgs) {
    return new Ingester().run(IngestRequest.of(root, tmp.resolve(name)).withRunner(runner).withBeamArgs(beamArgs)
        .withMaxFileBytes(5000));
  }
}
