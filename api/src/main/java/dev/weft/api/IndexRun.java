package dev.weft.api;

import dev.weft.context.Kind;
import dev.weft.pipelines.ingest.IngestProgress;
import dev.weft.pipelines.ingest.IngestRequest;
import dev.weft.pipelines.ingest.RunnerChoice;
import dev.weft.pipelines.ingest.WriteAccess;
import dev.weft.transforms.ingest.SourceReader;
import dev.weft.transforms.vectors.ChunkEmbedder;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One {@link Weft#index} run: what to ingest and how. Build it with {@link #tree(Path)} or {@link #dataset(Path)}
 * and the {@link Builder}; the values are checked once, by the ingest settings they become.
 *
 * @param input a directory tree or a dataset file
 * @param force re-chunk every item in scope even when unchanged
 * @param execution which executor runs the change set
 * @param keepGenerations published generations kept for rollback
 * @param embedding whether and with what the run gives chunks vectors
 * @param exportParquet a directory that receives the chunks the run writes as a Parquet dataset, or null
 * @param access how long to wait for another run's write lock, and whether to rebuild
 * @param progress where progress goes
 */
public record IndexRun(Input input, boolean force, Execution execution, int keepGenerations, Embedding embedding,
    Path exportParquet, WriteAccess access, IngestProgress progress) {
  public IndexRun {
    Objects.requireNonNull(input, "input");
    Objects.requireNonNull(execution, "execution");
    Objects.requireNonNull(embedding, "embedding");
    Objects.requireNonNull(access, "access");
    Objects.requireNonNull(progress, "progress");
  }

  /** What a run ingests. */
  public sealed interface Input permits Tree, Dataset {}

  /**
   * The files under a directory, git-aware.
   *
   * @param root the corpus root
   * @param paths the files or directories (relative to the root) the run may touch; empty for all
   * @param extensions the extensions to index, or empty for the defaults
   * @param maxFileBytes files above this are skipped as too large
   */
  public record Tree(Path root, List<String> paths, List<String> extensions, long maxFileBytes) implements Input {
    public Tree {
      Objects.requireNonNull(root, "root");
      paths = List.copyOf(paths);
      extensions = List.copyOf(extensions);
    }
  }

  /**
   * The records of a dataset file (JSONL, Parquet or Avro: {@code _id}/{@code id}, {@code title}, {@code text}).
   *
   * @param file the dataset file
   * @param kind the kind every record is routed to
   * @param format the chunking format of the record text ({@code text}, {@code markdown}, ...)
   */
  public record Dataset(Path file, Kind kind, String format) implements Input {
    public Dataset {
      Objects.requireNonNull(file, "file");
      Objects.requireNonNull(kind, "kind");
      Objects.requireNonNull(format, "format");
    }
  }

  /**
   * @param runner the executor, or {@code AUTO} to choose by the size of the change set
   * @param beamThreshold with {@code AUTO}, change sets of at least this many items run on Beam
   * @param beamArgs extra Beam pipeline arguments ({@code --flinkMaster=host:8081}, {@code --parallelism=4})
   */
  public record Execution(RunnerChoice runner, int beamThreshold, List<String> beamArgs) {
    public Execution {
      Objects.requireNonNull(runner, "runner");
      beamArgs = List.copyOf(beamArgs);
    }
  }

  /**
   * @param enabled whether the run gives chunks vectors
   * @param spec the embedder ({@code bge-small}, {@code hash:64}, {@code openai:...}), or null for the index's own
   *     (else the default model)
   * @param batchSize chunks per embedding call
   */
  public record Embedding(boolean enabled, String spec, int batchSize) {}

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
    private RunnerChoice runner = RunnerChoice.AUTO;
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

    public Builder runner(RunnerChoice value) {
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

    public IndexRun build() {
      Input input = root != null ? new Tree(root, paths, extensions, maxFileBytes)
          : new Dataset(dataset, datasetKind, datasetFormat);
      return new IndexRun(input, force, new Execution(runner, beamThreshold, beamArgs), keepGenerations,
          new Embedding(embed || embedder != null, embedder, embedBatchSize), exportParquet,
          new WriteAccess(lockWait, rebuild), progress);
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
