package dev.weft.pipelines.ingest;

import dev.weft.context.IndexLocation;
import dev.weft.context.embed.EmbedderSpec;
import dev.weft.pipelines.Runner;
import dev.weft.transforms.dataset.FieldMapping;
import java.nio.file.Path;
import java.util.Objects;

/**
 * One ingest pass: what it ingests, into which index, and how. Build it with {@link #directory} or
 * {@link #dataset}; each value is checked where it lives ({@link IngestSettings}, {@link DirectorySource},
 * {@link DatasetSource}) and the rules between values in {@link #requireConsistent}, so a request that exists is
 * one a run can carry out.
 *
 * <pre>{@code
 * IngestReport report = new Ingester().run(IngestRequest.directory(root, index).force(true).build());
 * }</pre>
 *
 * @param source the directory tree or dataset file
 * @param index the index (its directory is created when missing)
 * @param settings how the run ingests
 */
public record IngestRequest(IngestSource source, IndexLocation index, IngestSettings settings) {
  public static final int DEFAULT_BEAM_THRESHOLD = 20_000;

  public IngestRequest {
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(index, "index");
    Objects.requireNonNull(settings, "settings");
    requireConsistent(settings);
  }

  /** A pass over {@code root} with every default. */
  public static IngestRequest of(Path root, IndexLocation index) {
    return directory(root, index).build();
  }

  /** A pass over the directory tree {@code root}. */
  public static Builder directory(Path root, IndexLocation index) {
    return new Builder(Objects.requireNonNull(root, "root"), false, index);
  }

  /** A pass over the records of the dataset file {@code dataset}. */
  public static Builder dataset(Path dataset, IndexLocation index) {
    return new Builder(Objects.requireNonNull(dataset, "dataset"), true, index);
  }

  /** A builder holding this request's values, to change a few. */
  public Builder toBuilder() {
    Builder builder = new Builder(source.location(), source instanceof DatasetSource, index)
        .force(settings.force()).runner(settings.runner()).beamThreshold(settings.beamThreshold())
        .beamArgs(settings.beamArgs()).keepGenerations(settings.keepGenerations()).progress(settings.progress())
        .embedder(settings.embedder()).embedBatchSize(settings.embedBatchSize())
        .exportParquet(settings.exportParquet());
    if (source instanceof DirectorySource dir) {
      return builder.scope(dir.scope()).router(dir.router()).maxFileBytes(dir.maxFileBytes())
          .watchListing(dir.watchListing());
    }
    DatasetSource data = (DatasetSource) source;
    FieldMapping fields = data.fields();
    return builder.datasetKind(data.kind()).datasetFormat(data.format()).idField(fields.id())
        .titleField(fields.title()).textField(fields.text())
        .metaFields(fields.allMeta() ? FieldMapping.ALL : fields.meta().isEmpty() ? null
            : String.join(",", fields.meta()));
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
   * Collects a request's values; {@link #build} checks them. The directory-only values ({@code paths},
   * {@code extensions}, {@code maxFileBytes}, {@code watchListing}) are refused on a dataset and the dataset-only
   * ones ({@code datasetKind}, {@code datasetFormat}) on a directory, naming the value, rather than ignored.
   */
  public static final class Builder extends IngestSettingsBuilder<Builder> {
    private final IndexLocation index;
    private EmbedderSpec embedder;

    private Builder(Path location, boolean dataset, IndexLocation index) {
      super(location, dataset);
      this.index = Objects.requireNonNull(index, "index");
    }

    /** @param value the embedder, or null to index without vectors */
    public Builder embedder(EmbedderSpec value) {
      embedder = value;
      return this;
    }

    /** @throws IllegalArgumentException naming the first value, or pair of values, that is refused */
    public IngestRequest build() {
      return new IngestRequest(source(), index, settings(embedder));
    }
  }
}
