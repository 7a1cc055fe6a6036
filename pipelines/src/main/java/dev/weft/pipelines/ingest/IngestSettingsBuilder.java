package dev.weft.pipelines.ingest;

import dev.weft.context.Kind;
import dev.weft.context.embed.EmbedderSpec;
import dev.weft.context.generation.GenerationManifest;
import dev.weft.pipelines.Runner;
import dev.weft.transforms.dataset.FieldMapping;
import dev.weft.transforms.ingest.PathScope;
import dev.weft.transforms.ingest.SourceReader;
import dev.weft.transforms.route.Router;
import dev.weft.transforms.vectors.ChunkEmbedder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The one list of setters, and the one default, of every value an ingest run's source and settings take. Both
 * builders of a run extend it — {@link IngestRequest.Builder} (the pipelines' own, with an index directory and a
 * resolved embedder) and the facade's {@code IndexRun.Builder} (whose embedder is resolved against the index) — so
 * a knob is added, named and defaulted here once. Values are checked when built, by the records they become.
 *
 * @param <B> the concrete builder, returned by every setter
 */
public abstract class IngestSettingsBuilder<B extends IngestSettingsBuilder<B>> {
  private final Path location;
  private final boolean dataset;
  private boolean force;
  private Runner runner = Runner.AUTO;
  private int beamThreshold = IngestRequest.DEFAULT_BEAM_THRESHOLD;
  private final List<String> beamArgs = new ArrayList<>();
  private int keepGenerations = GenerationManifest.DEFAULT_KEEP_GENERATIONS;
  private IngestProgress progress = IngestProgress.NONE;
  private int embedBatchSize = ChunkEmbedder.DEFAULT_BATCH_SIZE;
  private Path exportParquet;
  private PathScope scope;
  private Router router;
  private Long maxFileBytes;
  private Boolean watchListing;
  private Kind datasetKind;
  private String idField;
  private String titleField;
  private String textField;
  private String metaFields;
  private String datasetFormat;

  /**
   * @param location the directory tree's root, or the dataset file
   * @param dataset whether {@code location} is a dataset file
   */
  protected IngestSettingsBuilder(Path location, boolean dataset) {
    this.location = location;
    this.dataset = dataset;
  }

  @SuppressWarnings("unchecked")
  private B self() {
    return (B) this;
  }

  public B force(boolean value) {
    force = value;
    return self();
  }

  public B runner(Runner value) {
    runner = value;
    return self();
  }

  /** With runner auto: change sets of at least this many items go to Beam. */
  public B beamThreshold(int value) {
    beamThreshold = value;
    return self();
  }

  /** Replaces the extra Beam arguments ({@code --name=value} each). */
  public B beamArgs(List<String> value) {
    beamArgs.clear();
    beamArgs.addAll(value);
    return self();
  }

  public B flinkMaster(String hostPort) {
    beamArgs.add("--flinkMaster=" + hostPort);
    return self();
  }

  /** Where Beam workers stage shards: a Beam FileSystem URI (file:///..., gs://...) the driver can read too. */
  public B staging(String uri) {
    beamArgs.add("--staging=" + uri);
    return self();
  }

  /**
   * One more Beam option, {@code --name=value}, for a run on Beam: a filesystem module's ({@code endpoint},
   * {@code awsRegion}, {@code s3UploadBufferSizeBytes}, {@code hdfsConfiguration}) or the runner's. Options the
   * run sets itself ({@code runner}, {@code root}, ...) are refused when the run is built.
   */
  public B beamOption(String name, String value) {
    if (name == null || name.isBlank() || name.startsWith("-") || name.contains("=")) {
      throw new IllegalArgumentException("a Beam option's name is a property name such as endpoint or awsRegion "
          + "(no leading --, no =), got: " + name);
    }
    beamArgs.add("--" + name + "=" + value);
    return self();
  }

  public B parallelism(int value) {
    beamArgs.add("--parallelism=" + value);
    return self();
  }

  /** Published generations kept for rollback. */
  public B keepGenerations(int value) {
    keepGenerations = value;
    return self();
  }

  public B progress(IngestProgress value) {
    progress = value;
    return self();
  }

  /** Chunks per embedding call. */
  public B embedBatchSize(int value) {
    embedBatchSize = value;
    return self();
  }

  /** @param value a directory that receives the chunks the run writes as a Parquet dataset, or null for none */
  public B exportParquet(Path value) {
    exportParquet = value;
    return self();
  }

  /** Directories only: the paths this pass may touch (empty: the whole tree). */
  public B paths(List<String> value) {
    return scope(new PathScope(value));
  }

  /** Directories only: the extensions indexed (empty: every default-on format's). */
  public B extensions(List<String> value) {
    return router(value.isEmpty() ? Router.defaults() : Router.defaults().withExtensions(value));
  }

  B scope(PathScope value) {
    scope = value;
    return self();
  }

  B router(Router value) {
    router = value;
    return self();
  }

  /** Directories only: files above this are skipped as too large. */
  public B maxFileBytes(long value) {
    maxFileBytes = value;
    return self();
  }

  /**
   * Directories only: whether a pass may reuse the tree's last listing while this process's watch saw nothing
   * under it change (default true; see {@link dev.weft.transforms.ingest.ListingWatches}), or walk it every time.
   */
  public B watchListing(boolean value) {
    watchListing = value;
    return self();
  }

  /** Datasets only: the kind every record is routed to. */
  public B datasetKind(Kind value) {
    datasetKind = value;
    return self();
  }

  /**
   * Datasets only: the field holding each record's id (a column for Parquet and Avro, a JSON pointer such as
   * {@code /doc/id} for JSONL); null: {@code _id}, else {@code id}.
   */
  public B idField(String value) {
    idField = value;
    return self();
  }

  /** Datasets only: the field holding each record's optional title; null: {@code title}. */
  public B titleField(String value) {
    titleField = value;
    return self();
  }

  /** Datasets only: the field holding each record's text; null: {@code text}. */
  public B textField(String value) {
    textField = value;
    return self();
  }

  /**
   * Datasets only: the fields that travel with every chunk of a record as its metadata, comma-separated
   * ({@code lang,year}), or {@code *} for every other field; null: none.
   */
  public B metaFields(String value) {
    metaFields = value;
    return self();
  }

  /** Datasets only: the chunking format of the record text. */
  public B datasetFormat(String value) {
    datasetFormat = value;
    return self();
  }

  /** The settings these values make, with {@code embedder} (null: index without vectors). */
  protected IngestSettings settings(EmbedderSpec embedder) {
    return new IngestSettings(force, runner, beamThreshold, beamArgs, keepGenerations, progress, embedder,
        embedBatchSize, exportParquet);
  }

  /** @throws IllegalArgumentException naming a value given for the other kind of source */
  protected IngestSource source() {
    return dataset ? datasetSource() : directorySource();
  }

  private IngestSource directorySource() {
    if (datasetKind != null || datasetFormat != null) {
      throw new IllegalArgumentException("a record kind or format applies to a dataset, not to the directory "
          + location + ", got: " + (datasetKind != null ? "kind " + datasetKind.id() : "format " + datasetFormat));
    }
    if (idField != null || titleField != null || textField != null || metaFields != null) {
      throw new IllegalArgumentException("--id-field, --title-field, --text-field and --meta-fields apply to a"
          + " dataset, not to the directory " + location + "; drop them or pass --dataset FILE");
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
    return new DatasetSource(location, datasetKind == null ? defaults.kind() : datasetKind,
        datasetFormat == null ? defaults.format() : datasetFormat,
        FieldMapping.of(idField, titleField, textField, metaFields));
  }
}
