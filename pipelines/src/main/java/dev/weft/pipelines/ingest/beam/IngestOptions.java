package dev.weft.pipelines.ingest.beam;

import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import com.fasterxml.jackson.databind.ser.std.ToStringSerializer;
import dev.weft.pipelines.Runner;
import dev.weft.transforms.beam.WriteIndexShards;
import dev.weft.transforms.ingest.SourceReader;
import java.net.URI;
import java.nio.file.Path;
import java.util.UUID;
import org.apache.beam.sdk.options.Default;
import org.apache.beam.sdk.options.DefaultValueFactory;
import org.apache.beam.sdk.options.Description;
import org.apache.beam.sdk.options.PipelineOptions;
import org.apache.beam.sdk.options.Validation;

/**
 * Options of the Beam ingest pipeline. Runner options come from the runner on the class path, so
 * {@code --runner=FlinkRunner --flinkMaster=[local] --parallelism=2} parse beside these. {@code --staging} is
 * {@link StagingOptions}'; without it this pipeline stages in a fresh local temporary directory.
 */
public interface IngestOptions extends StagingOptions {
  /** A streaming window's {@code --lockWait} when none is given. */
  String STREAMING_LOCK_WAIT = "10m";

  @Description("Corpus root directory, a file: URI (file:///data/corpus) or a plain path (/data/corpus, which "
      + "means file:); the paths given to the pipeline are relative to it. For a dataset ingest: the dataset file. "
      + "Workers read it, so on a cluster it is a shared mount every worker reaches; other schemes are refused: "
      + "the ingest reads local files")
  @Validation.Required
  @JsonDeserialize(using = LocationUri.Parse.class)
  @JsonSerialize(using = ToStringSerializer.class)
  URI getRoot();

  void setRoot(URI value);

  @Description("A local path on the driver: the directory it downloads staged shards into before merging them, "
      + "when --staging is not on the local file system. Defaults to a fresh temporary directory.")
  @Default.InstanceFactory(FreshDownloadDir.class)
  String getShardDownloadDir();

  void setShardDownloadDir(String value);

  @Description("How many Lucene shard indexes to write; files are assigned by a stable hash of their path")
  @Default.Integer(WriteIndexShards.DEFAULT_SHARDS)
  int getShards();

  void setShards(int value);

  @Description("Files larger than this many bytes are dead-lettered as too_large")
  @Default.Long(SourceReader.DEFAULT_MAX_BYTES)
  long getMaxFileBytes();

  void setMaxFileBytes(long value);

  @Description("Comma-separated file extensions to index (for example java,md,py); empty means the router's defaults")
  @Default.String("")
  String getExtensions();

  void setExtensions(String value);

  @Description("Also write the chunks this run produces as a Parquet dataset (dev.weft.schemas.Chunk rows, "
      + "chunks-SSSSS-of-NNNNN.parquet) into this directory, a file: URI or a plain path (a shared mount on a "
      + "cluster: the workers write it); its previous chunks-*.parquet files are replaced. With --streaming=true, "
      + "each window that publishes generation N writes its chunks to DIR/gen-<N>/ instead, after its publish or "
      + "not at all. Not given: no dataset.")
  @JsonDeserialize(using = LocationUri.Parse.class)
  @JsonSerialize(using = ToStringSerializer.class)
  URI getExportParquet();

  void setExportParquet(URI value);

  /** A path, not created until a download needs it: a local staging is read in place. */
  final class FreshDownloadDir implements DefaultValueFactory<String> {
    @Override
    public String create(PipelineOptions options) {
      return Path.of(System.getProperty("java.io.tmpdir"), "weft-shards-" + UUID.randomUUID()).toString();
    }
  }

  @Description("Embed chunks with this embedder (minilm, bge-small, hash:<dims>, openai:<model>@<baseUrl>#<dims>); "
      + "empty means no vectors")
  @Default.String("")
  String getEmbedder();

  void setEmbedder(String value);

  @Description("Chunks per embedding call")
  @Default.Integer(32)
  int getEmbedBatchSize();

  void setEmbedBatchSize(int value);

  @Description("Index directory whose served generation supplies vectors to reuse for unchanged chunk text, a "
      + "file: URI or a plain path (a shared mount on a cluster: the workers read it); not given: embed everything")
  @JsonDeserialize(using = LocationUri.Parse.class)
  @JsonSerialize(using = ToStringSerializer.class)
  URI getReuseVectorsFrom();

  void setReuseVectorsFrom(URI value);

  // a String like the jobs' --index (ReindexOptions, ExportOptions, ProgramRunJobOptions): Beam requires one type per
  // property name across the interfaces a JVM registers; ResourcePaths.index is its one reading
  @Description("With --streaming=true: the index directory each window publishes one generation into (required), "
      + "a file: URI or a plain path (a shared mount on a cluster: any worker may publish a window)")
  String getIndex();

  void setIndex(String value);

  @Description("With --streaming=true: how long a window collects changed files before its publish: 500ms, 60s, 5m")
  @Default.String("60s")
  String getWindow();

  void setWindow(String value);

  @Description("With --streaming=true: how often the corpus is matched for new and modified files: 500ms, 10s, 1m")
  @Default.String("10s")
  String getWatchInterval();

  void setWatchInterval(String value);

  @Description("With --streaming=true: stop watching after this many matches (0: never, the default); bounded "
      + "watches are for tests and catch-up runs")
  @Default.Integer(0)
  int getWatchPolls();

  void setWatchPolls(int value);

  @Description("With --streaming=true: how long a window's publish waits for another run's write lock before it "
      + "reports the window busy and publishes nothing (the next window plans the same change again): 500ms, 60s, 10m "
      + "(default: " + STREAMING_LOCK_WAIT + ")")
  // no @Default: ReindexJob's options name the same property, and Beam wants one @Default on every interface or none;
  // a batch reindex refuses at once by default, a streaming window waits
  String getLockWait();

  void setLockWait(String value);

  @Description("With --streaming=true: how often a window passes even without a changed file, so deletions (which a "
      + "file match never reports) are applied: 500ms, 60s, 10m")
  @Default.String("10m")
  String getRescan();

  void setRescan(String value);

  @Description("With --streaming=true: Beam FileSystem URI of the directory (file:///shared/dir, a plain absolute "
      + "path meaning file:, or gs://, s3://, hdfs:// with its Beam module) the workers stage each window's shards "
      + "under (weft-<index hash>-stream/window-<end>/shard-<k>/); not given: INDEX/stream-staging/, which every "
      + "task manager reaches since each may publish")
  @JsonDeserialize(using = LocationUri.Parse.class)
  @JsonSerialize(using = ToStringSerializer.class)
  URI getWindowStaging();

  void setWindowStaging(URI value);
}
