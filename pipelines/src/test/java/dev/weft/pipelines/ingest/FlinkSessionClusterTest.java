package dev.weft.pipelines.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.context.IndexLocation;
import dev.weft.pipelines.Runner;
import dev.weft.pipelines.cluster.FlinkSessionCluster;
import dev.weft.pipelines.program.ProgramClusterRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Beam jobs on a real Flink session cluster: a JobManager and two TaskManagers in separate processes, started once
 * for the class (starting it takes most of the time). The ingest, staging on a directory that is not under the
 * index (as a shared bucket would be), must publish the generation the in-process executor publishes; a program's
 * map (ProgramClusterRun) must give the in-process run's answer.
 */
class FlinkSessionClusterTest {
  @TempDir static Path shared;
  @TempDir Path tmp;
  private static FlinkSessionCluster cluster;

  @BeforeAll
  static void startCluster() throws IOException {
    cluster = FlinkSessionCluster.start(shared.resolve("flink"), 2, Duration.ofSeconds(120));
  }

  @AfterAll
  static void stopCluster() {
    if (cluster != null) {
      cluster.close();
    }
  }

  @Test
  void anIngestSubmittedToASessionClusterPublishesWhatTheInProcessRunPublishes(@TempDir Path outside)
      throws Exception {
    Path root = BadInputTest.badCorpus(tmp.resolve("corpus"), outside);
    Path staging = Files.createDirectories(tmp.resolve("shared-staging"));
    IngestReport inProcess = new Ingester().run(IngestRequest.directory(root,
        IndexLocation.of(tmp.resolve("inprocess")))
        .runner(Runner.INPROCESS).maxFileBytes(5000).embedder(EmbeddingIngestTest.HASH).build());

    IngestReport flink = new Ingester().run(IngestRequest.directory(root, IndexLocation.of(tmp.resolve("cluster")))
        .runner(Runner.FLINK)
        .beamArgs(List.of("--flinkMaster=" + cluster.master(), "--parallelism=2",
            "--staging=" + staging.toUri(), "--filesToStage=" + FlinkSessionCluster.emptyJar(tmp)))
        .maxFileBytes(5000).embedder(EmbeddingIngestTest.HASH).build());
    assertThat(cluster.rest("/jobs/overview").path("jobs")).isNotEmpty()
        .allSatisfy(job -> assertThat(job.path("state").asText()).isEqualTo("FINISHED"));

    assertThat(flink.executor()).isEqualTo("beam-flink");
    Map<String, List<String>> expected = Corpora.dump(tmp.resolve("inprocess"));
    assertThat(expected).hasSizeGreaterThan(15);
    assertThat(Corpora.dump(tmp.resolve("cluster"))).isEqualTo(expected);
    assertThat(flink.counters()).isEqualTo(inProcess.counters());
    assertThat(BadInputTest.lines(flink.deadLetterFile())).isEqualTo(BadInputTest.lines(inProcess.deadLetterFile()));
    try (Stream<Path> left = Files.walk(staging)) {
      assertThat(left.filter(Files::isRegularFile)).isEmpty();
    }
  }

  @Test
  void aProgramsMapOnTheSessionClusterGivesTheInProcessAnswer() throws Exception {
    ProgramClusterRun.Answers answers = ProgramClusterRun.run(tmp, List.of("--runner=FlinkRunner",
        "--flinkMaster=" + cluster.master(), "--parallelism=2", "--filesToStage=" + FlinkSessionCluster.emptyJar(tmp),
        "--jobName=weft-program-on-session"));

    assertThat(answers.cluster()).isEqualTo(answers.inProcess());
    assertThat(answers.cluster()).contains("len ");
    assertThat(answers.staged()).as("results staged on the Beam FileSystem, one per piece").hasSize(5)
        .allSatisfy(file -> assertThat(file).endsWith(".json"));
    assertThat(cluster.rest("/jobs/overview").path("jobs")).anySatisfy(job -> {
      assertThat(job.path("name").asText()).isEqualTo("weft-program-on-session");
      assertThat(job.path("state").asText()).isEqualTo("FINISHED");
    });
  }
}
