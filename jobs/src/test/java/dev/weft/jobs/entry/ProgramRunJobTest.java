package dev.weft.jobs.entry;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.weft.pipelines.Runner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** ProgramRunJob through the facade's programs, as weft program run; its report's stages are the steps. */
class ProgramRunJobTest {
  @TempDir Path tmp;
  Path env;
  Path program;

  @BeforeEach
  void program() throws IOException {
    env = Files.createDirectories(tmp.resolve("env"));
    Files.writeString(env.resolve("notes.md"), "one\ntwo\n");
    program = Files.writeString(tmp.resolve("p.json"), """
        {"steps": [{"op": "stat", "from": "notes.md", "as": "s"},
                   {"op": "select", "from": "s", "as": "lines", "query": ".lines"},
                   {"op": "answer", "from": "lines"}]}""");
  }

  @Test
  void runsTheProgramAndReportsItsSteps() throws IOException {
    Path report = tmp.resolve("program.json");

    JobRun run = JobRun.of(ProgramRunJob::run, "--program=" + program, "--env=" + env, "--report=" + report);

    assertThat(run.exit()).as(run.err()).isZero();
    assertThat(run.out()).startsWith("2\n").contains("\npieces\t1\n", "\nsubcalls\t0\n");
    JsonNode json = new ObjectMapper().readTree(report.toFile());
    assertThat(json.get("job").asText()).isEqualTo("program");
    assertThat(json.get("executor").asText()).isEqualTo("inprocess");
    assertThat(json.get("stages").findValuesAsText("name")).containsExactly("0:stat s", "1:select lines",
        "2:answer");
  }

  @Test
  void aRefusedProgramIsExit2WithAFailedReport() throws IOException {
    Path bad = Files.writeString(tmp.resolve("bad.json"), "{\"steps\": []}");
    Path report = tmp.resolve("failed.json");

    JobRun run = JobRun.of(ProgramRunJob::run, "--program=" + bad, "--env=" + env, "--report=" + report);

    assertThat(run.exit()).isEqualTo(2);
    assertThat(run.failureLine()).startsWith("weft: ");
    assertThat(new ObjectMapper().readTree(report.toFile()).get("outcome").asText()).isEqualTo("failed");
  }

  @Test
  void exactlyOneSourceIsRefusedByName() {
    JobRun two = JobRun.of(ProgramRunJob::run, "--program=" + program, "--env=" + env, "--dataset=x.jsonl");

    assertThat(two.exit()).isEqualTo(2);
    assertThat(two.failureLine()).isEqualTo("weft: pass exactly one of --env, --index, --dataset, got 2");
  }

  @Test
  void aSessionClustersMasterAndParallelismArePassedToTheRun() {
    ProgramRunJobOptions remote = options("--program=p.json", "--dataset=x.jsonl", "--runner=FlinkRunner",
        "--flinkMaster=jm:8081", "--parallelism=2");
    ProgramRunJobOptions local = options("--program=p.json", "--dataset=x.jsonl", "--runner=FlinkRunner",
        "--flinkMaster=[local]");

    assertThat(ProgramRunJob.beamArgs(remote, ProgramRunJob.executor(remote, true)))
        .containsExactly("--flinkMaster=jm:8081", "--parallelism=2");
    assertThat(ProgramRunJob.beamArgs(local, ProgramRunJob.executor(local, true))).isEmpty();
    assertThat(ProgramRunJob.beamArgs(remote, Runner.INPROCESS)).isEmpty();
  }

  private static ProgramRunJobOptions options(String... args) {
    return PipelineOptionsFactory.fromArgs(args).as(ProgramRunJobOptions.class);
  }
}
