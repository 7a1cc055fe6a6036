package dev.weft.pipelines.ingest.beam;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.context.IndexLocation;
import dev.weft.pipelines.Runner;
import dev.weft.pipelines.ingest.Corpora;
import dev.weft.pipelines.ingest.GhostShards;
import dev.weft.pipelines.ingest.IndexRuns;
import dev.weft.pipelines.ingest.IngestRequest;
import dev.weft.transforms.beam.StagedShards;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Beam runs stage their shards on a Beam FileSystem that need not be under the index (as on a cluster, where the
 * workers share no disk with the driver): the driver merges its own run's shards only, and removes the staging.
 */
class ClusterStagingTest {
  @TempDir Path tmp;

  @Test
  void aKilledRunsStagedShardIsNeverMergedAndEveryRunsStagingIsRemoved() throws IOException {
    Path root = Corpora.copyGolden(tmp.resolve("corpus"));
    Path index = tmp.resolve("index");
    Path base = tmp.resolve("staging");
    // what a run killed after its workers staged (and before the driver merged) leaves: a finished shard
    Path killedRun = base.resolve("weft-" + StagingArea.indexKey(IndexLocation.of(index))).resolve("run-1-killed");
    stageGhostShard(killedRun);

    GhostShards.publishWithoutThem(root, index, tmp.resolve("inprocess"), List.of("--staging=" + base.toUri()));

    assertThat(killedRun).doesNotExist();
    try (Stream<Path> left = Files.walk(base)) {
      assertThat(left.filter(Files::isRegularFile)).isEmpty();
    }
    assertThat(index.resolve(IndexRuns.STAGING)).doesNotExist();
  }

  @Test
  void aStagingSchemeWithoutABeamFileSystemIsRefusedBeforeTheRunNamingTheModuleToAdd() {
    Path root = Corpora.copyGolden(tmp.resolve("corpus"));
    Path index = tmp.resolve("index");

    assertThatThrownBy(() -> IngestRequest.directory(root, IndexLocation.of(index)).runner(Runner.DIRECT)
        .beamArgs(List.of("--staging=gs://bucket/weft")).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("no Beam FileSystem for scheme \"gs\"")
        .hasMessageContaining("beam-sdks-java-extensions-google-cloud-platform-core");
    assertThat(index).doesNotExist();
  }

  private void stageGhostShard(Path run) throws IOException {
    GhostShards.stage(tmp, run.toUri().toString());
    assertThat(StagedShards.completed(StagedShards.directory(run.toUri().toString()))).hasSize(1);
  }
}
