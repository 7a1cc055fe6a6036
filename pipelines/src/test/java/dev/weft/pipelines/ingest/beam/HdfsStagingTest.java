package dev.weft.pipelines.ingest.beam;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.context.IndexLocation;
import dev.weft.pipelines.ingest.Corpora;
import dev.weft.pipelines.ingest.GhostShards;
import dev.weft.pipelines.ingest.IndexRuns;
import dev.weft.pipelines.ingest.IngestReport;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.beam.sdk.io.FileSystems;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --staging hdfs://...} against a real HDFS: a NameNode and a DataNode ({@link MiniDFSCluster}) in this
 * JVM on loopback ports, with Beam's Hadoop filesystem module on the class path as a user adds it and its
 * {@code --hdfsConfiguration} given as a Beam option. The workers write their shards as HDFS files, the driver
 * downloads and merges them, a killed run's shard is deleted unmerged, and no file is left under the staging.
 */
class HdfsStagingTest {
  @TempDir Path tmp;
  MiniDFSCluster hdfs;

  @BeforeEach
  void startHdfs() throws IOException {
    Configuration conf = new Configuration();
    conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, tmp.resolve("hdfs").toString());
    hdfs = new MiniDFSCluster.Builder(conf).numDataNodes(1).build();
    hdfs.waitActive();
  }

  @AfterEach
  void stopHdfs() {
    hdfs.shutdown();
  }

  @Test
  void aBeamIngestStagedOnHdfsPublishesTheInProcessGenerationAndLeavesNoFileBehind() throws IOException {
    Path root = Corpora.copyGolden(tmp.resolve("corpus"));
    Path index = tmp.resolve("index");
    String namenode = hdfs.getURI().toString();
    String base = namenode + "/weft-staging/";
    List<String> hdfsOptions = List.of("--hdfsConfiguration=[{\"fs.defaultFS\":\"" + namenode + "\"}]");
    // what a run killed after its workers staged (and before the driver merged) leaves: a finished shard
    FileSystems.setDefaultPipelineOptions(PipelineOptionsFactory.fromArgs(hdfsOptions.toArray(String[]::new))
        .create());
    GhostShards.stage(tmp, base + "weft-" + StagingArea.indexKey(IndexLocation.of(index)) + "/run-1-killed/");
    assertThat(files("/weft-staging")).anyMatch(file -> file.contains("/run-1-killed/"));
    // the run must reach HDFS with its own options, not with what the registry last saw
    FileSystems.setDefaultPipelineOptions(PipelineOptionsFactory.create());
    List<String> args = new ArrayList<>(hdfsOptions);
    args.add("--staging=" + base);

    IngestReport beam = GhostShards.publishWithoutThem(root, index, tmp.resolve("inprocess"), args);

    assertThat(beam.generation()).isEqualTo(1);
    assertThat(files("/weft-staging")).isEmpty();
    assertThat(index.resolve(IndexRuns.STAGING)).isEmptyDirectory();
  }

  /** Every file under {@code dir} in HDFS, read through Hadoop's own client. */
  private List<String> files(String dir) throws IOException {
    List<String> files = new ArrayList<>();
    RemoteIterator<LocatedFileStatus> it = hdfs.getFileSystem().listFiles(new org.apache.hadoop.fs.Path(dir), true);
    while (it.hasNext()) {
      files.add(it.next().getPath().toString());
    }
    return files;
  }
}
