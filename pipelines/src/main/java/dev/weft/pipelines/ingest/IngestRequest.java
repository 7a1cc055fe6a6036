package dev.weft.pipelines.ingest;

import dev.weft.context.embed.EmbedderSpec;
import dev.weft.transforms.ingest.PathScope;
import dev.weft.transforms.ingest.SourceReader;
import dev.weft.transforms.route.Router;
import dev.weft.transforms.vectors.ChunkEmbedder;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * One ingest pass. Build it with {@link #of(Path, Path)} and the validated {@code withX} setters.
 *
 * @param root the corpus root
 * @param indexDir the index directory (created when missing)
 * @param force re-chunk every file in scope even when unchanged
 * @param scope the paths this pass may touch
 * @param runner which executor runs the change set
 * @param beamThreshold with {@link RunnerChoice#AUTO}: change sets of at least this many files go to Beam
 * @param router extension routing
 * @param maxFileBytes files above this are skipped as too large
 * @param keepGenerations published generations kept for rollback
 * @param beamArgs extra Beam pipeline arguments ({@code --flinkMaster=host:8081}, {@code --parallelism=4})
 * @param progress where progress goes
 * @param embedder the embedder that gives chunks vectors, or null to index without them
 * @param embedBatchSize chunks per embedding call
 * @param exportParquet a directory that receives the chunks this run writes as a Parquet dataset, or null
 */
public record IngestRequest(
    Path root,
    Path indexDir,
    boolean force,
    PathScope scope,
    RunnerChoice runner,
    int beamThreshold,
    Router router,
    long maxFileBytes,
    int keepGenerations,
    List<String> beamArgs,
    IngestProgress progress,
    EmbedderSpec embedder,
    int embedBatchSize,
    Path exportParquet) {
  public static final int DEFAULT_BEAM_THRESHOLD = 20_000;
  public static final int DEFAULT_KEEP_GENERATIONS = 5;

  public IngestRequest {
    Objects.requireNonNull(root, "root");
    Objects.requireNonNull(indexDir, "indexDir");
    Objects.requireNonNull(scope, "scope");
    Objects.requireNonNull(runner, "runner");
    Objects.requireNonNull(router, "router");
    Objects.requireNonNull(progress, "progress");
    beamArgs = List.copyOf(beamArgs);
    if (beamThreshold < 1) {
      throw new IllegalArgumentException("beam threshold must be at least 1, got: " + beamThreshold);
    }
    if (maxFileBytes < 1) {
      throw new IllegalArgumentException("max file bytes must be at least 1, got: " + maxFileBytes);
    }
    if (keepGenerations < 1) {
      throw new IllegalArgumentException("keepGenerations must be at least 1, got: " + keepGenerations);
    }
    if (embedBatchSize < 1) {
      throw new IllegalArgumentException("embed batch size must be at least 1, got: " + embedBatchSize);
    }
  }

  public static IngestRequest of(Path root, Path indexDir) {
    return new IngestRequest(root, indexDir, false, PathScope.all(), RunnerChoice.AUTO, DEFAULT_BEAM_THRESHOLD,
        Router.defaults(), SourceReader.DEFAULT_MAX_BYTES, DEFAULT_KEEP_GENERATIONS, List.of(), IngestProgress.NONE,
        null, ChunkEmbedder.DEFAULT_BATCH_SIZE, null);
  }

  public IngestRequest withForce(boolean value) {
    return new IngestRequest(root, indexDir, value, scope, runner, beamThreshold, router, maxFileBytes,
        keepGenerations, beamArgs, progress, embedder, embedBatchSize, exportParquet);
  }

  public IngestRequest withScope(PathScope value) {
    return new IngestRequest(root, indexDir, force, value, runner, beamThreshold, router, maxFileBytes,
        keepGenerations, beamArgs, progress, embedder, embedBatchSize, exportParquet);
  }

  public IngestRequest withRunner(RunnerChoice value) {
    return new IngestRequest(root, indexDir, force, scope, value, beamThreshold, router, maxFileBytes,
        keepGenerations, beamArgs, progress, embedder, embedBatchSize, exportParquet);
  }

  public IngestRequest withBeamThreshold(int value) {
    return new IngestRequest(root, indexDir, force, scope, runner, value, router, maxFileBytes, keepGenerations,
        beamArgs, progress, embedder, embedBatchSize, exportParquet);
  }

  public IngestRequest withRouter(Router value) {
    return new IngestRequest(root, indexDir, force, scope, runner, beamThreshold, value, maxFileBytes,
        keepGenerations, beamArgs, progress, embedder, embedBatchSize, exportParquet);
  }

  public IngestRequest withMaxFileBytes(long value) {
    return new IngestRequest(root, indexDir, force, scope, runner, beamThreshold, router, value, keepGenerations,
        beamArgs, progress, embedder, embedBatchSize, exportParquet);
  }

  public IngestRequest withKeepGenerations(int value) {
    return new IngestRequest(root, indexDir, force, scope, runner, beamThreshold, router, maxFileBytes, value,
        beamArgs, progress, embedder, embedBatchSize, exportParquet);
  }

  public IngestRequest withBeamArgs(List<String> value) {
    return new IngestRequest(root, indexDir, force, scope, runner, beamThreshold, router, maxFileBytes,
        keepGenerations, value, progress, embedder, embedBatchSize, exportParquet);
  }

  public IngestRequest withProgress(IngestProgress value) {
    return new IngestRequest(root, indexDir, force, scope, runner, beamThreshold, router, maxFileBytes,
        keepGenerations, beamArgs, value, embedder, embedBatchSize, exportParquet);
  }

  public IngestRequest withEmbedder(EmbedderSpec value) {
    return new IngestRequest(root, indexDir, force, scope, runner, beamThreshold, router, maxFileBytes,
        keepGenerations, beamArgs, progress, value, embedBatchSize, exportParquet);
  }

  public IngestRequest withEmbedBatchSize(int value) {
    return new IngestRequest(root, indexDir, force, scope, runner, beamThreshold, router, maxFileBytes,
        keepGenerations, beamArgs, progress, embedder, value, exportParquet);
  }

  public IngestRequest withExportParquet(Path value) {
    return new IngestRequest(root, indexDir, force, scope, runner, beamThreshold, router, maxFileBytes,
        keepGenerations, beamArgs, progress, embedder, embedBatchSize, value);
  }

  /** The executor this request uses for a change set of {@code files} files. */
  public RunnerChoice executorFor(int files) {
    return runner.resolve(files, beamThreshold);
  }
}
