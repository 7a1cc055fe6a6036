package dev.weft.jobs.entry;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExportJobTest {
  @TempDir Path tmp;

  @Test
  void exportsTheServedGenerationAndReportsIt() throws IOException {
    Path corpus = Files.createDirectories(tmp.resolve("corpus"));
    Files.writeString(corpus.resolve("a.md"), "# A\n\nText.\n");
    Path index = tmp.resolve("index");
    assertThat(JobRun.of(ReindexJob::run, "--corpus=" + corpus, "--index=" + index).exit()).isZero();
    Path report = tmp.resolve("export.json");

    JobRun run = JobRun.of(ExportJob::run, "--index=" + index, "--out=" + tmp.resolve("out"), "--format=avro",
        "--report=" + report);

    assertThat(run.exit()).as(run.err()).isZero();
    assertThat(run.out()).startsWith("exported generation 1 to " + tmp.resolve("out/chunks-00000-of-00001.avro"))
        .contains("\nchunks\t1\n", "\nchunks_with_vectors\t0\n");
    JsonNode json = new ObjectMapper().readTree(report.toFile());
    assertThat(json.get("job").asText()).isEqualTo("export");
    assertThat(json.get("stages").get(0).get("name").asText()).isEqualTo("export");
  }

  @Test
  void aBadFormatIsExit2NamingIt() {
    JobRun run = JobRun.of(ExportJob::run, "--index=" + tmp, "--out=" + tmp.resolve("out"), "--format=csv");

    assertThat(run.exit()).isEqualTo(2);
    assertThat(run.failureLine()).isEqualTo("weft: export format must be one of parquet, avro; got: csv");
  }

  @Test
  void aRemoteOutIsRefusedNamingTheOption() {
    JobRun run = JobRun.of(ExportJob::run, "--index=" + tmp, "--out=gs://bucket/x");

    assertThat(run.exit()).isEqualTo(2);
    assertThat(run.failureLine()).startsWith("weft: --out must be a local path or a file: URI, got: gs://bucket/x");
  }
}
