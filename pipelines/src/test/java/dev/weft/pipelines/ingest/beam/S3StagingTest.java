package dev.weft.pipelines.ingest.beam;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.pipelines.ingest.Corpora;
import dev.weft.pipelines.ingest.GhostShards;
import dev.weft.pipelines.ingest.IndexRuns;
import dev.weft.pipelines.ingest.IngestReport;
import dev.weft.transforms.beam.StagedShards;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.beam.sdk.io.FileSystems;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --staging s3://...} against a real S3-protocol server ({@link S3Server}), with Beam's S3 filesystem module
 * on the class path as a user adds it: the workers upload their shards as objects, the driver downloads and
 * merges them, and no object is left under the staging prefix.
 */
class S3StagingTest {
  static final String BUCKET = "weft-staging";

  @TempDir Path tmp;
  S3Server s3;

  @BeforeEach
  void startServer() throws Exception {
    s3 = S3Server.start(BUCKET);
  }

  @AfterEach
  void stopServer() throws Exception {
    s3.close();
  }

  @Test
  void aBeamIngestStagedOnS3PublishesTheInProcessGenerationAndLeavesNoObjectBehind() throws IOException {
    Path root = Corpora.copyGolden(tmp.resolve("corpus"));
    Path index = tmp.resolve("index");
    String base = "s3://" + BUCKET + "/runs/";
    // what a run killed after its workers staged (and before the driver merged) leaves: a finished shard
    s3.stageKilledRun(tmp, base, index);
    assertThat(s3.keys("runs/")).anyMatch(key -> key.endsWith("/" + StagedShards.COMPLETE));
    // Beam's FileSystems are one registry per JVM: here they were last set up without the server's options, as
    // in a process that ran something else first; the run must reach S3 with its own options all the same
    FileSystems.setDefaultPipelineOptions(PipelineOptionsFactory.create());

    IngestReport beam = GhostShards.publishWithoutThem(root, index, tmp.resolve("inprocess"),
        args("--staging=" + base));

    assertThat(beam.generation()).isEqualTo(1);
    assertThat(s3.keys("runs/")).isEmpty();
    // the driver's local copies of the downloaded shards are gone too
    assertThat(index.resolve(IndexRuns.STAGING)).isEmptyDirectory();
  }

  private List<String> args(String staging) {
    List<String> args = new ArrayList<>(s3.beamArgs());
    // an S3Options flag: Beam's module registers AwsOptions only, Weft's OptionalOptionsRegistrar this one
    args.add("--s3UploadBufferSizeBytes=" + (5 << 20));
    args.add(staging);
    return args;
  }
}
