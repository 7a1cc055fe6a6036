package dev.weft.api;

import dev.weft.pipelines.ingest.DatasetSource;
import dev.weft.pipelines.ingest.DirectorySource;
import dev.weft.pipelines.ingest.IngestSettings;
import dev.weft.pipelines.ingest.IngestSettingsBuilder;
import dev.weft.pipelines.ingest.IngestSource;
import dev.weft.pipelines.ingest.WriteAccess;
import java.nio.file.Path;
import java.time.Duration;
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

  /** A run over the directory tree {@code root} (made absolute and normalised). */
  public static Builder tree(Path root) {
    return new Builder(root.toAbsolutePath().normalize(), false);
  }

  /** A run over the records of the dataset file {@code file}. */
  public static Builder dataset(Path file) {
    return new Builder(file, true);
  }

  /**
   * Collects a run's settings; every one has the CLI's default. The source and ingest settings' setters are
   * {@link IngestSettingsBuilder}'s, the same list the ingest layer's own request builds with; this adds what the
   * facade decides: the embedder (resolved against the index) and the write access.
   */
  public static final class Builder extends IngestSettingsBuilder<Builder> {
    private boolean embed;
    private String embedder;
    private Duration lockWait = Duration.ZERO;
    private boolean rebuild;

    private Builder(Path location, boolean dataset) {
      super(location, dataset);
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

    /** @throws IllegalArgumentException naming the first value that is refused */
    public IndexRun build() {
      return new IndexRun(source(), settings(null), new Embedding(embed || embedder != null, embedder),
          new WriteAccess(lockWait, rebuild));
    }
  }
}
