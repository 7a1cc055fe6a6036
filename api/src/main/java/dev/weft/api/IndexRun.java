package dev.weft.api;

import dev.weft.context.Kind;
import dev.weft.pipelines.Runner;
import dev.weft.pipelines.ingest.DatasetSource;
import dev.weft.pipelines.ingest.DirectorySource;
import dev.weft.pipelines.ingest.IngestProgress;
import dev.weft.pipelines.ingest.IngestRequest;
import dev.weft.pipelines.ingest.IngestSettings;
import dev.weft.pipelines.ingest.IngestSource;
import dev.weft.pipelines.ingest.WriteAccess;
import dev.weft.transforms.ingest.PathScope;
import dev.weft.transforms.ingest.SourceReader;
import dev.weft.transforms.route.Router;
import dev.weft.transforms.vectors.ChunkEmbedder;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One {@link Weft#index} run: what to ingest and how. Build it with {@link #tree(Path)} or {@link #dataset(Path)}
 * and the {@link Builder}; the values are checked once, when built, by the ingest layer's records they become. A run
 * holds those records rather than a copy of their fields: its source, its settings and its write access are the
 * ingest layer's own; only the embedder is the facade's, since a bare "embed" is resolved against the index.
 *
 * @param source a directory tree ({@link DirectorySource}: root, paths, extensions, file size cap) or a dataset
 *     file ({@link DatasetSource}: file, record kind, record format)
 * @param settings how the run ingests; its embedder is left empty here and set by the run from {@code embedding}
 * @param embedding whether and with what the run gives chunks vectors
 * @param access how long to wait for another run's write lock, and whether to rebuild
 */
public record IndexRun(IngestSource source, IngestSettings settings, Embedding embedding, WriteAccess access) {
  public IndexRun {
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(settings, "settings");
    Objects.requireNonNull(embedding, "embedding");
    Objects.requireNonNull(access, "access");
  }

  /**
   * @param enabled whether the run gives chunks vectors
   * @param spec the embedder ({@code bge-small}, {@code hash:64}, {@code openai:...}), or null for the index's own
   *     (else the default model)
   */
  public record Embedding(boolean enabled, String spec) {}

  public static Builder tree(Path root) {
    return new Builder(root, null);
  }

  public static Builder dataset(Path file) {
    return new Builder(null, file);
  }

  /** Collects a run's settings; every one has the CLI's default. */
  public static final class Builder {
    private final Path root;
    private final Path dataset;
    private List<String> paths = List.of();
    private List<String> extensions = List.of();
    private long maxFileBytes = SourceReader.DEFAULT_MAX_BYTES;
    private Kind datasetKind = Kind.DOC;
    private String datasetFormat = "text";
    private boolean force;
    private Runner runner = Runner.AUTO;
    private int beamThreshold = IngestRequest.DEFAULT_BEAM_THRESHOLD;
    private final List<String> beamArgs = new ArrayList<>();
    private int keepGenerations = IngestRequest.DEFAULT_KEEP_GENERATIONS;
    private boolean embed;
    private String embedder;
    private int embedBatchSize = ChunkEmbedder.DEFAULT_BATCH_SIZE;
    private Path exportParquet;
    private Duration lockWait = Duration.ZERO;
    private boolean rebuild;
    private IngestProgress progress = IngestProgress.NONE;

    private Builder(Path root, Path dataset) {
      this.root = root;
      this.dataset = dataset;
    }

    public Builder paths(List<String> value) {
      requireTree("paths");
      paths = value;
      return this;
    }

    public Builder extensions(List<String> value) {
      requireTree("extensions");
      extensions = value;
      return this;
    }

    public Builder maxFileBytes(long value) {
      requireTree("a maximum file size");
      maxFileBytes = value;
      return this;
    }

    public Builder datasetKind(Kind value) {
      requireDataset("a record kind");
      datasetKind = value;
      return this;
    }

    public Builder datasetFormat(String value) {
      requireDataset("a record format");
      datasetFormat = value;
      return this;
    }

    public Builder force(boolean value) {
      force = value;
      return this;
    }

    public Builder runner(Runner value) {
      runner = value;
      return this;
    }

    public Builder beamThreshold(int value) {
      beamThreshold = value;
      return this;
    }

    public Builder flinkMaster(String hostPort) {
      beamArgs.add("--flinkMaster=" + hostPort);
      return this;
    }

    /** Where Beam workers stage shards: a Beam FileSystem URI (file:///..., gs://...) the driver can read too. */
    public Builder staging(String uri) {
      beamArgs.add("--staging=" + uri);
      return this;
    }

    /**
     * One more Beam option, {@code --name=value}, for a run on Beam: a filesystem module's ({@code endpoint},
     * {@code awsRegion}, {@code s3UploadBufferSizeBytes}, {@code hdfsConfiguration}) or the runner's. Options the
     * run sets itself ({@code runner}, {@code root}, ...) are refused when the run is built.
     */
    public Builder beamOption(String name, String value) {
      if (name == null || name.isBlank() || name.startsWith("-") || name.contains("=")) {
        throw new IllegalArgumentException("a Beam option's name is a property name such as endpoint or awsRegion "
            + "(no leading --, no =), got: " + name);
      }
      beamArgs.add("--" + name + "=" + value);
      return this;
    }

    public Builder parallelism(int value) {
      beamArgs.add("--parallelism=" + value);
      return this;
    }

    public Builder keepGenerations(int value) {
      keepGenerations = value;
      return this;
    }

    /** Give chunks vectors with the index's embedder (else the default model). */
    public Builder embed(boolean value) {
      embed = value;
      return this;
    }

    /** Give chunks vectors with this embedder; null leaves the choice to {@link #embed(boolean)}. */
    public Builder embedder(String spec) {
      embedder = spec;
      return this;
    }

    public Builder embedBatchSize(int value) {
      embedBatchSize = value;
      return this;
    }

    public Builder exportParquet(Path dir) {
      exportParquet = dir;
      return this;
    }

    /** Wait up to this long for another run's write lock instead of refusing at once. */
    public Builder lockWait(Duration value) {
      lockWait = value;
      return this;
    }

    /** Re-index everything into a fresh generation line that reads nothing of the served one. */
    public Builder rebuild(boolean value) {
      rebuild = value;
      return this;
    }

    public Builder progress(IngestProgress value) {
      progress = value;
      return this;
    }

    /** @throws IllegalArgumentException naming the first value that is refused */
    public IndexRun build() {
      IngestSource source = root != null
          ? new DirectorySource(root.toAbsolutePath().normalize(), new PathScope(paths),
              extensions.isEmpty() ? Router.defaults() : Router.defaults().withExtensions(extensions), maxFileBytes)
          : new DatasetSource(dataset, datasetKind, datasetFormat);
      IngestSettings settings = new IngestSettings(force, runner, beamThreshold, beamArgs, keepGenerations, progress,
          null, embedBatchSize, exportParquet);
      return new IndexRun(source, settings, new Embedding(embed || embedder != null, embedder),
          new WriteAccess(lockWait, rebuild));
    }

    private void requireTree(String what) {
      if (root == null) {
        throw new IllegalArgumentException("a dataset run takes no " + what + ", got one for: " + dataset);
      }
    }

    private void requireDataset(String what) {
      if (dataset == null) {
        throw new IllegalArgumentException("a directory run takes no " + what + ", got one for: " + root);
      }
    }
  }
}
