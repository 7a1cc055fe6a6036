package dev.weft.pipelines.ingest;

import dev.weft.context.Kind;
import dev.weft.context.embed.EmbedderSpec;
import dev.weft.pipelines.Runner;
import dev.weft.transforms.ingest.PathScope;
import dev.weft.transforms.ingest.SourceReader;
import dev.weft.transforms.route.Router;
import dev.weft.transforms.vectors.ChunkEmbedder;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * One ingest pass: what it ingests, into which index, and how. Build it with {@link #directory} or
 * {@link #dataset}; each value is checked where it lives ({@link IngestSettings}, {@link DirectorySource},
 * {@link DatasetSource}) and the rules between values in {@link #requireConsistent}, so a request that exists is
 * one a run can carry out.
 *
 * <pre>{@code
 * IngestReport report = new Ingester().run(IngestRequest.directory(root, indexDir).force(true).build());
 * }</pre>
 *
 * @param source the directory tree or dataset file
 * @param indexDir the index directory (created when missing)
 * @param settings how the run ingests
 */
public record IngestRequest(IngestSource source, Path indexDir, IngestSettings settings) {
  public static final int DEFAULT_BEAM_THRESHOLD = 20_000;
  public static final int DEFAULT_KEEP_GENERATIONS = 5;

  public IngestRequest {
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(indexDir, "indexDir");
    Objects.requireNonNull(settings, "settings");
    requireConsistent(settings);
  }

  /** A pass over {@code root} with every default. */
  public static IngestRequest of(Path root, Path indexDir) {
    return directory(root, indexDir).build();
  }

  /** A pass over the directory tree {@code root}. */
  public static Builder directory(Path root, Path indexDir) {
    return new Builder(Objects.requireNonNull(root, "root"), false, indexDir);
  }

  /** A pass over the records of the dataset file {@code dataset}. */
  public static Builder dataset(Path dataset, Path indexDir) {
    return new Builder(Objects.requireNonNull(dataset, "dataset"), true, indexDir);
  }

  /** A builder holding this request's values, to change a few. */
  public Builder toBuilder() {
    Builder builder = new Builder(source.location(), source instanceof DatasetSource, indexDir)
        .force(settings.force()).runner(settings.runner()).beamThreshold(settings.beamThreshold())
        .beamArgs(settings.beamArgs()).keepGenerations(settings.keepGenerations()).progress(settings.progress())
        .embedder(settings.embedder()).embedBatchSize(settings.embedBatchSize())
        .exportParquet(settings.exportParquet());
    if (source instanceof DirectorySource dir) {
      return builder.scope(dir.scope()).router(dir.router()).maxFileBytes(dir.maxFileBytes())
          .watchListing(dir.watchListing());
    }
    DatasetSource data = (DatasetSource) source;
    return builder.kind(data.kind()).format(data.format());
  }

  /**
   * Every rule that ties two values together, in one place (the builder adds one more: a source's own values
   * are refused on the other source).
   *
   * @throws IllegalArgumentException naming the values that do not go together
   */
  static void requireConsistent(IngestSettings settings) {
    if (settings.runner() == Runner.INPROCESS && !settings.beamArgs().isEmpty()) {
      throw new IllegalArgumentException("Beam arguments need runner auto, direct or flink, got runner inprocess "
          + "with: " + String.join(" ", settings.beamArgs()));
    }
  }

  /**
   * Collects a request's values; {@link #build} checks them. The directory-only values ({@code scope},
   * {@code router}, {@code maxFileBytes}) are refused on a dataset and the dataset-only ones ({@code kind},
   * {@code format}) on a directory, naming the value, rather than ignored.
   */
  public static final class Builder {
    private final Path location;
    private final boolean dataset;
    private final Path indexDir;
    private boolean force;
    private Runner runner = Runner.AUTO;
    private int beamThreshold = DEFAULT_BEAM_THRESHOLD;
    private List<String> beamArgs = List.of();
    private int keepGenerations = DEFAULT_KEEP_GENERATIONS;
    private IngestProgress progress = IngestProgress.NONE;
    private EmbedderSpec embedder;
    private int embedBatchSize = ChunkEmbedder.DEFAULT_BATCH_SIZE;
    private Path exportParquet;
    private PathScope scope;
    private Router router;
    private Long maxFileBytes;
    private Boolean watchListing;
    private Kind kind;
    private String format;

    private Builder(Path location, boolean dataset, Path indexDir) {
      this.location = location;
      this.dataset = dataset;
      this.indexDir = Objects.requireNonNull(indexDir, "indexDir");
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

    public Builder beamArgs(List<String> value) {
      beamArgs = value;
      return this;
    }

    public Builder keepGenerations(int value) {
      keepGenerations = value;
      return this;
    }

    public Builder progress(IngestProgress value) {
      progress = value;
      return this;
    }

    /** @param value the embedder, or null to index without vectors */
    public Builder embedder(EmbedderSpec value) {
      embedder = value;
      return this;
    }

    public Builder embedBatchSize(int value) {
      embedBatchSize = value;
      return this;
    }

    /** @param value the directory, or null for no export */
    public Builder exportParquet(Path value) {
      exportParquet = value;
      return this;
    }

    /** Directories only: the paths this pass may touch. */
    public Builder scope(PathScope value) {
      scope = value;
      return this;
    }

    /** Directories only: the extensions indexed. */
    public Builder router(Router value) {
      router = value;
      return this;
    }

    /** Directories only: files above this are skipped as too large. */
    public Builder maxFileBytes(long value) {
      maxFileBytes = value;
      return this;
    }

    /**
     * Directories only: whether a pass may reuse the tree's last listing while this process's watch saw nothing
     * under it change (default true; see {@link dev.weft.transforms.ingest.ListingWatches}), or walk it every time.
     */
    public Builder watchListing(boolean value) {
      watchListing = value;
      return this;
    }

    /** Datasets only: the kind every record is routed to. */
    public Builder kind(Kind value) {
      kind = value;
      return this;
    }

    /** Datasets only: the chunking format of the record text. */
    public Builder format(String value) {
      format = value;
      return this;
    }

    /** @throws IllegalArgumentException naming the first value, or pair of values, that is refused */
    public IngestRequest build() {
      IngestSettings settings = new IngestSettings(force, runner, beamThreshold, beamArgs, keepGenerations, progress,
          embedder, embedBatchSize, exportParquet);
      return new IngestRequest(dataset ? datasetSource() : directorySource(), indexDir, settings);
    }

    private IngestSource directorySource() {
      if (kind != null || format != null) {
        throw new IllegalArgumentException("a record kind or format applies to a dataset, not to the directory "
            + location + ", got: " + (kind != null ? "kind " + kind.id() : "format " + format));
      }
      return new DirectorySource(location, scope == null ? PathScope.all() : scope,
          router == null ? Router.defaults() : router, maxFileBytes == null ? SourceReader.DEFAULT_MAX_BYTES
              : maxFileBytes, watchListing == null || watchListing);
    }

    private IngestSource datasetSource() {
      if (scope != null && !scope.isFull() || router != null || maxFileBytes != null || watchListing != null) {
        throw new IllegalArgumentException("paths, extensions, a file size cap and a listing watch apply to a "
            + "directory, not to the dataset " + location + ", got: "
            + (scope != null && !scope.isFull() ? "paths " + scope.entries()
                : router != null ? "extensions " + router.extensions()
                : maxFileBytes != null ? "max file bytes " + maxFileBytes : "watch listing " + watchListing));
      }
      DatasetSource defaults = DatasetSource.of(location);
      return new DatasetSource(location, kind == null ? defaults.kind() : kind,
          format == null ? defaults.format() : format);
    }
  }
}
