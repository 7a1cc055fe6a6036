package dev.weft.pipelines.ingest;

import dev.weft.context.embed.EmbedderSpec;
import dev.weft.pipelines.Runner;
import dev.weft.pipelines.ingest.beam.BeamExecutor;
import dev.weft.transforms.vectors.ChunkEmbedder;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * How a run ingests, whatever it ingests (a directory tree or a dataset). Each value is checked here, once; the
 * rules that tie values together are in {@link IngestRequest}. Build it with {@link IngestRequest#directory} or
 * {@link IngestRequest#dataset}.
 *
 * @param force re-chunk every item in scope even when unchanged
 * @param runner which executor runs the change set
 * @param beamThreshold with {@link Runner#AUTO}: change sets of at least this many items go to Beam
 * @param beamArgs extra Beam pipeline arguments ({@code --flinkMaster=host:8081}, {@code --parallelism=4})
 * @param keepGenerations published generations kept for rollback
 * @param progress where progress goes
 * @param embedder the embedder that gives chunks vectors, or null to index without them
 * @param embedBatchSize chunks per embedding call
 * @param exportParquet a directory that receives the chunks this run writes as a Parquet dataset, or null
 */
public record IngestSettings(
    boolean force,
    Runner runner,
    int beamThreshold,
    List<String> beamArgs,
    int keepGenerations,
    IngestProgress progress,
    EmbedderSpec embedder,
    int embedBatchSize,
    Path exportParquet) {
  /**
   * Options the Beam executor sets from the run itself ({@code BeamExecutor}), refused in {@code beamArgs}: Beam
   * would otherwise fail the run late on a property given twice.
   */
  static final List<String> OWN_OPTIONS = List.of("runner", "root", "shardDownloadDir", "maxFileBytes", "extensions",
      "embedBatchSize", "exportParquet", "reuseVectorsFrom", "embedder");

  public IngestSettings {
    Objects.requireNonNull(runner, "runner");
    Objects.requireNonNull(progress, "progress");
    beamArgs = List.copyOf(Objects.requireNonNull(beamArgs, "beamArgs"));
    atLeastOne("beam threshold", beamThreshold);
    atLeastOne("generations to keep", keepGenerations);
    ChunkEmbedder.requireBatchSize(embedBatchSize);
    for (String arg : beamArgs) {
      if (!arg.startsWith("--")) {
        throw new IllegalArgumentException("Beam arguments must look like --name=value, got: " + arg);
      }
      if (OWN_OPTIONS.contains(arg.substring(2).split("=", 2)[0])) {
        throw new IllegalArgumentException("a run's Beam options must be other than "
            + OWN_OPTIONS.stream().map(o -> "--" + o).toList() + " (the run sets those from its own settings), got: "
            + arg);
      }
    }
    if (!beamArgs.isEmpty()) {
      BeamExecutor.checkOptions(beamArgs);
    }
  }

  /** These settings with {@code value} as the embedder (null: index without vectors). */
  public IngestSettings withEmbedder(EmbedderSpec value) {
    return new IngestSettings(force, runner, beamThreshold, beamArgs, keepGenerations, progress, value, embedBatchSize,
        exportParquet);
  }

  /** The executor for a change set of {@code items} files or records. */
  public Runner executorFor(int items) {
    return runner.resolve(items, beamThreshold);
  }

  /** Refuses {@code value} below 1, naming {@code name}: the one wording of that rule for every run setting. */
  public static void atLeastOne(String name, long value) {
    if (value < 1) {
      throw new IllegalArgumentException(name + " must be at least 1, got: " + value);
    }
  }
}
