package dev.weft.jobs.entry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.weft.api.IndexRun;
import dev.weft.pipelines.Runner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** ReindexJob as a scheduler runs it: Beam's options, the counters table, the exit codes, the report. */
class ReindexJobTest {
  @TempDir Path tmp;
  Path corpus;
  Path index;

  @BeforeEach
  void corpus() throws IOException {
    corpus = Files.createDirectories(tmp.resolve("corpus"));
    for (int i = 0; i < 5; i++) {
      Files.writeString(corpus.resolve("doc" + i + ".md"), "# Doc " + i + "\n\nText " + i + ".\n");
    }
    index = tmp.resolve("index");
  }

  @Test
  void reindexesIncrementallyAndPrintsTheCounters() throws IOException {
    JobRun first = JobRun.of(ReindexJob::run, "--corpus=" + corpus, "--index=" + index.toUri());
    Files.writeString(corpus.resolve("doc0.md"), "# Doc 0\n\nChanged.\n");
    Path report = tmp.resolve("run.json");
    JobRun second = JobRun.of(ReindexJob::run, "--corpus=" + corpus, "--index=" + index, "--report=" + report);

    assertThat(first.exit()).as(first.err()).isZero();
    assertThat(first.out()).startsWith("published generation 1 (in-process)\n").contains("\nadded\t5\n");
    assertThat(second.exit()).as(second.err()).isZero();
    assertThat(second.out()).startsWith("published generation 2").contains("\nupdated\t1\n", "\nunchanged\t4\n");
    JsonNode json = new ObjectMapper().readTree(report.toFile());
    assertThat(json.get("job").asText()).isEqualTo("reindex");
    assertThat(json.get("generation").asLong()).isEqualTo(2);
  }

  @Test
  void aFailedRunPrintsWhatWasDoneThenOneLineAndExitsWithTheCliCode() throws IOException {
    Path report = tmp.resolve("failed.json");

    JobRun run = JobRun.of(ReindexJob::run, "--corpus=" + tmp.resolve("missing"), "--index=" + index,
        "--report=" + report);

    assertThat(run.exit()).isEqualTo(2);
    assertThat(run.err()).startsWith("items_done\t0\nchunks_done\t0\n");
    assertThat(run.failureLine()).startsWith("weft: ").contains(tmp.resolve("missing").toString());
    JsonNode json = new ObjectMapper().readTree(report.toFile());
    assertThat(json.get("outcome").asText()).isEqualTo("failed");
    assertThat(json.get("failure").get("exitCode").asInt()).isEqualTo(2);
  }

  @Test
  void theCorpusIsAPlainPathWithASpaceOrItsFileUriAndANonUriIsOneLineNamingIt() throws IOException {
    Path spaced = Files.createDirectories(tmp.resolve("my corpus"));
    Files.writeString(spaced.resolve("a.md"), "# A\n\nText.\n");

    JobRun plain = JobRun.of(ReindexJob::run, "--corpus=" + spaced, "--index=" + tmp.resolve("plain"));
    JobRun byUri = JobRun.of(ReindexJob::run, "--corpus=" + spaced.toUri(), "--index=" + tmp.resolve("uri"));
    JobRun notUri = JobRun.of(ReindexJob::run, "--corpus=file:///a b", "--index=" + index);

    assertThat(plain.exit()).as(plain.err()).isZero();
    assertThat(byUri.exit()).as(byUri.err()).isZero();
    assertThat(plain.out()).startsWith("published generation 1").contains("\nadded\t1\n");
    assertThat(byUri.out()).startsWith("published generation 1").contains("\nadded\t1\n");
    assertThat(notUri.exit()).isEqualTo(2);
    assertThat(notUri.err().strip()).startsWith("weft: --corpus: ").endsWith("see --help").doesNotContain("\n");
  }

  @Test
  void aMissingRequiredOptionIsOneLineAndExit2() {
    JobRun run = JobRun.of(ReindexJob::run, "--index=" + index);

    assertThat(run.exit()).isEqualTo(2);
    assertThat(run.err().strip()).startsWith("weft: Missing required value for [--corpus").endsWith("see --help")
        .doesNotContain("\n");
  }

  @Test
  void anUnknownOptionIsOneLineAndExit2() {
    JobRun run = JobRun.of(ReindexJob::run, "--corpus=" + corpus, "--frobnicate=1");

    assertThat(run.exit()).isEqualTo(2);
    assertThat(run.err().strip()).startsWith("weft: ").contains("frobnicate").doesNotContain("\n");
  }

  @Test
  void theKnobsTakeTheLibrarysNamesAndTheLockWaitIsADurationAsInAStreamingRun() throws IOException {
    JobRun kept = JobRun.of(ReindexJob::run, "--corpus=" + corpus, "--index=" + index, "--keepGenerations=1",
        "--lockWait=2s");
    JobRun badWait = JobRun.of(ReindexJob::run, "--corpus=" + corpus, "--index=" + index, "--lockWait=600");

    assertThat(kept.exit()).as(kept.err()).isZero();
    assertThat(badWait.exit()).isEqualTo(2);
    assertThat(badWait.err().strip()).endsWith("\nweft: --lockWait must be a whole number with ms, s, m or h "
        + "(500ms, 10s, 2m, 1h) or ISO-8601 (PT30S), got: 600");
  }

  @Test
  void helpListsTheJobsOptions() {
    JobRun run = JobRun.of(ReindexJob::run, "--help");

    assertThat(run.exit()).isZero();
    assertThat(run.out()).contains("--corpus", "--index", "--report", "--lockWait", "--keepGenerations", "Required. Corpus root");
  }

  @Test
  void beamsRunnerOptionsPickTheExecutor() {
    assertThat(executor("--runner=FlinkRunner", "--flinkMaster=jm:8081", "--parallelism=2").settings())
        .satisfies(s -> assertThat(s.runner()).isEqualTo(Runner.FLINK))
        .satisfies(s -> assertThat(s.beamArgs()).containsExactly("--flinkMaster=jm:8081", "--parallelism=2"));
    assertThat(executor("--runner=DirectRunner").settings().runner()).isEqualTo(Runner.DIRECT);
    assertThat(executor().settings().runner()).isEqualTo(Runner.AUTO);
  }

  @Test
  void theDirectRunnerRunsTheChangeSetOnBeam() {
    JobRun run = JobRun.of(ReindexJob::run, "--runner=DirectRunner", "--corpus=" + corpus, "--index=" + index);

    assertThat(run.exit()).as(run.err()).isZero();
    assertThat(run.out()).startsWith("published generation 1 (beam-direct)").contains("\nadded\t5\n");
  }

  @Test
  void aStagingUriPointsTheWorkersThereAndNothingIsStagedUnderTheIndex() throws IOException {
    Path shared = tmp.resolve("shared-staging");

    JobRun run = JobRun.of(ReindexJob::run, "--runner=DirectRunner", "--corpus=" + corpus, "--index=" + index,
        "--staging=" + shared.toUri());

    assertThat(run.exit()).as(run.err()).isZero();
    assertThat(run.out()).startsWith("published generation 1 (beam-direct)").contains("\nadded\t5\n");
    assertThat(stagedUnder(index)).isEmpty();
    // the index's area in the shared staging (weft-<index hash>/), its run directory deleted after the merge
    List<Path> areas;
    try (Stream<Path> children = Files.list(shared)) {
      areas = children.toList();
    }
    assertThat(areas).singleElement().satisfies(area -> assertThat(area.getFileName().toString()).startsWith("weft-"))
        .satisfies(area -> assertThat(area).isEmptyDirectory());
    // a run killed there after its workers staged: the next run of the index finds it and deletes it, unmerged
    Path ghost = Files.createDirectories(areas.get(0).resolve("run-1-killed").resolve("shard-0"));
    Files.writeString(corpus.resolve("doc0.md"), "# Doc 0\n\nChanged.\n");
    JobRun second = JobRun.of(ReindexJob::run, "--runner=DirectRunner", "--corpus=" + corpus, "--index=" + index,
        "--staging=" + shared.toUri());
    assertThat(second.exit()).as(second.err()).isZero();
    assertThat(ghost.getParent()).doesNotExist();
    assertThat(stagedUnder(index)).isEmpty();
  }

  @Test
  void beamOptionsTheJobDoesNotReadArePassedOnToTheRun() {
    assertThat(ReindexJob.passedOn(new String[] {"--corpus=/c", "--index=/i", "--staging=file:///s/", "--force",
        "--runner=FlinkRunner", "--flinkMaster=jm:8081", "--parallelism=2", "--verbose", "--jobName=nightly",
        "--endpoint=http://127.0.0.1:9000", "--s3UploadBufferSizeBytes=5242880", "--objectReuse"}))
        .containsExactly(entry("jobName", "nightly"), entry("endpoint", "http://127.0.0.1:9000"),
            entry("s3UploadBufferSizeBytes", "5242880"), entry("objectReuse", "true"));
  }

  @Test
  void aPassedOnBeamOptionReachesTheRun() {
    JobRun run = JobRun.of(ReindexJob::run, "--runner=DirectRunner", "--corpus=" + corpus, "--index=" + index,
        "--jobName=nightly-reindex", "--objectReuse");

    assertThat(run.exit()).as(run.err()).isZero();
    assertThat(run.out()).startsWith("published generation 1 (beam-direct)");
  }

  /** Shard files (shard-<k>/...) anywhere under {@code dir}. */
  private static List<String> stagedUnder(Path dir) throws IOException {
    try (Stream<Path> files = Files.walk(dir)) {
      return files.map(dir::relativize).map(Path::toString).filter(f -> f.contains("shard-")).toList();
    }
  }

  @Test
  void aStagingValueThatIsNotAUriIsOneLineAndExit2() {
    JobRun run = JobRun.of(ReindexJob::run, "--corpus=" + corpus, "--staging=file:///a b");

    assertThat(run.exit()).isEqualTo(2);
    assertThat(run.err().strip()).startsWith("weft: ").contains("staging").endsWith("see --help")
        .doesNotContain("\n");
  }

  private IndexRun executor(String... args) {
    String[] all = new String[args.length + 1];
    all[0] = "--corpus=" + corpus;
    System.arraycopy(args, 0, all, 1, args.length);
    ReindexOptions options = PipelineOptionsFactory.fromArgs(all).as(ReindexOptions.class);
    IndexRun.Builder run = IndexRun.tree(corpus);
    ReindexJob.executor(options, args.length > 0, run);
    return run.build();
  }
}
