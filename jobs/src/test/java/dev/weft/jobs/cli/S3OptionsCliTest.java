package dev.weft.jobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.jobs.entry.ReindexJob;
import dev.weft.pipelines.ingest.beam.S3Server;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --staging s3://...} on an S3-compatible store whose endpoint, region and credentials come from the user's
 * options, as a MinIO user passes them: {@code weft index --beam-option NAME=VALUE} and ReindexJob's Beam options,
 * with Beam's S3 module on the class path (test scope here, the user's choice in a deployment). The store is
 * pipelines' {@link S3Server} (s3proxy in this JVM, signatures checked). A run killed after staging left a shard
 * there: found with the same options and deleted, never served.
 */
class S3OptionsCliTest {
  static final String BUCKET = "weft-cli-staging";

  @TempDir Path tmp;
  S3Server s3;
  Path root;

  @BeforeEach
  void start() throws Exception {
    s3 = S3Server.start(BUCKET);
    root = GoldenCorpusTest.copy(GoldenCorpusTest.GOLDEN, tmp.resolve("corpus"));
  }

  @AfterEach
  void stop() throws Exception {
    s3.close();
  }

  @Test
  void weftIndexReachesTheStoreThroughBeamOptions() throws Exception {
    Path index = tmp.resolve("index");
    String base = "s3://" + BUCKET + "/cli/";
    s3.stageKilledRun(tmp, base, index);
    List<String> args = new ArrayList<>(List.of("index", root.toString(), "--index", index.toString(), "--quiet",
        "--runner", "direct", "--staging", base));
    for (String option : userOptions()) {
      args.add("--beam-option");
      args.add(option.substring(2));
    }

    CliRun run = CliRun.of(args.toArray(String[]::new));

    assertThat(run.exit()).as(run.err()).isZero();
    assertThat(s3.keys("cli/")).isEmpty();
    assertServedWithoutTheGhost(index);
  }

  @Test
  void reindexJobReachesTheStoreThroughItsBeamOptions() throws Exception {
    Path index = tmp.resolve("job-index");
    String base = "s3://" + BUCKET + "/job/";
    s3.stageKilledRun(tmp, base, index);
    List<String> args = new ArrayList<>(List.of("--runner=DirectRunner", "--corpus=" + root, "--index=" + index,
        "--staging=" + base));
    args.addAll(userOptions());
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();

    int exit = ReindexJob.run(args.toArray(String[]::new), new PrintWriter(out, true), new PrintWriter(err, true));

    assertThat(exit).as(err.toString()).isZero();
    assertThat(out.toString()).startsWith("published generation 1 (beam-direct)");
    assertThat(s3.keys("job/")).isEmpty();
    assertServedWithoutTheGhost(index);
  }

  /** The server's endpoint, region and credentials, and one S3Options flag, as Beam options. */
  private List<String> userOptions() {
    List<String> options = new ArrayList<>(s3.beamArgs());
    options.add("--s3UploadBufferSizeBytes=" + (5 << 20));
    return options;
  }

  private static void assertServedWithoutTheGhost(Path index) {
    CliRun stats = CliRun.of("stats", "--index", index.toString());
    assertThat(stats.exit()).as(stats.err()).isZero();
    CliRun ghost = CliRun.of("recall", "merged twice would be a bug", "--index", index.toString());
    assertThat(ghost.out()).doesNotContain("ghost.md");
    CliRun real = CliRun.of("recall", "token bucket", "--index", index.toString());
    assertThat(real.exit()).as(real.err()).isZero();
  }
}
