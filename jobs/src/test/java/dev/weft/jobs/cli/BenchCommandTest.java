package dev.weft.jobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad options of `weft bench` are refused, by name, before the work directory is created or a model loaded. */
class BenchCommandTest {
  @TempDir Path tmp;

  private Path corpus() throws IOException {
    Path corpus = Files.createDirectories(tmp.resolve("corpus"));
    Files.writeString(corpus.resolve("a.md"), "# A\n\nsome text about things.\n");
    return corpus;
  }

  @Test
  void theReportCarriesEveryTimedRecallsLatency() throws IOException {
    Path report = tmp.resolve("bench.json");

    CliRun run = CliRun.of("bench", "--corpus", corpus().toString(), "--repeat", "1", "--queries", "30",
        "--work", tmp.resolve("work").toString(), "--report", report.toString());

    assertThat(run.exit()).as(run.err()).isZero();
    JsonNode json = new ObjectMapper().readTree(report.toFile());
    assertThat(json.get("job").asText()).isEqualTo("bench");
    assertThat(json.get("recallLatenciesMillis")).hasSize(30).allSatisfy(v -> assertThat(v.asDouble()).isPositive());
    assertThat(json.get("counters").get("files").asLong()).isEqualTo(1);
  }

  @Test
  void compareIsRefusedByNameWithTooFewRunsOrWithoutTheLauncher() throws IOException {
    Path work = tmp.resolve("work");
    CliRun few = CliRun.of("bench", "--compare", "--corpus", corpus().toString(), "--repeat", "3", "--work",
        work.toString());
    assertThat(few.exit()).isEqualTo(2);
    assertThat(few.err()).isEqualTo("weft: --repeat (with --compare) must be at least 5, got: 3\n");

    // a test JVM was not started by the launcher: nothing to time whole processes with
    CliRun noLauncher = CliRun.of("bench", "--compare", "--corpus", corpus().toString(), "--work", work.toString());
    assertThat(noLauncher.exit()).isEqualTo(2);
    assertThat(noLauncher.err()).startsWith("weft: weft bench --compare times whole `weft` processes: start it with "
        + "the launcher");
  }

  @Test
  void aReportOfTheEmbeddingFiguresIsRefusedBeforeAnythingRuns() throws IOException {
    CliRun run = CliRun.of("bench", "--corpus", corpus().toString(), "--embed", "minilm", "--report",
        tmp.resolve("r.json").toString());

    assertThat(run.exit()).isEqualTo(2);
    assertThat(run.err()).isEqualTo("weft: --report goes with the ingest figures (--corpus), not --embed; drop one "
        + "of them\n");
  }

  @Test
  void embedChunksBelowOneIsNamed() throws IOException {
    Path work = tmp.resolve("work");

    CliRun run = CliRun.of("bench", "--corpus", corpus().toString(), "--embed", "minilm", "--embed-chunks", "0",
        "--work", work.toString());

    assertThat(run.exit()).isEqualTo(2);
    assertThat(run.err()).isEqualTo("weft: embed-chunks must be at least 1, got: 0\n");
    assertThat(work).doesNotExist();
  }

  @Test
  void aBadRawPassageCountLeavesNoWorkDirectory() throws IOException {
    Path work = tmp.resolve("work");

    CliRun run = CliRun.of("bench", "--corpus", corpus().toString(), "--embed", "minilm", "--embed-raw-passages", "0",
        "--work", work.toString());

    assertThat(run.exit()).isEqualTo(2);
    assertThat(run.err()).isEqualTo("weft: embed-raw-passages must be at least 1, got: 0\n");
    assertThat(work).doesNotExist();
  }

  @Test
  void repeatAndQueriesAreCheckedForEveryBenchOfTheCommand() throws IOException {
    Path work = tmp.resolve("work");
    String root = corpus().toString();

    CliRun repeat = CliRun.of("bench", "--corpus", root, "--repeat", "0", "--work", work.toString());
    CliRun ingestQueries = CliRun.of("bench", "--corpus", root, "--queries", "0", "--work", work.toString());
    CliRun embedQueries = CliRun.of("bench", "--corpus", root, "--embed", "bge-small", "--queries", "0");
    CliRun vectorQueries = CliRun.of("bench", "--vectors", tmp.resolve("index").toString(), "--queries", "0");

    assertThat(repeat.err()).isEqualTo("weft: repeat must be at least 1, got: 0\n");
    assertThat(ingestQueries.err()).isEqualTo("weft: queries must be at least 1, got: 0\n");
    assertThat(embedQueries.err()).isEqualTo("weft: queries must be at least 1, got: 0\n");
    assertThat(vectorQueries.err()).isEqualTo("weft: queries must be at least 1, got: 0\n");
    assertThat(work).doesNotExist();
  }

  @Test
  void aModelWithoutARawLoopIsNamed() throws IOException {
    CliRun run = CliRun.of("bench", "--corpus", corpus().toString(), "--embed", "hash:8");

    assertThat(run.exit()).isEqualTo(2);
    assertThat(run.err()).isEqualTo("weft: --embed must be minilm or bge-small, got: hash:8\n");
  }
}
