package dev.weft.pipelines.ingest;

import dev.weft.context.DeadLetter;
import dev.weft.context.Elapsed;
import dev.weft.context.generation.CorpusSource;
import dev.weft.context.generation.GenerationManifest;
import dev.weft.index.CorpusIndex;
import dev.weft.index.IndexUpdate;
import dev.weft.index.UpdateOptions;
import dev.weft.pipelines.Runner;
import dev.weft.transforms.ingest.ChangePlanner;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * One incremental ingest pass, the same skeleton for a directory tree and a dataset ({@link IngestSource}): open
 * the index, guard the embedder, plan against the served generation, run the change set on the chosen executor,
 * commit, publish a new generation, write the dead letters. Nothing is published when there is nothing to do, and
 * a pass that fails before publishing leaves the previous generation served.
 */
public final class Ingester {
  /** Prefix of the content hash recorded for a refused file, so an unchanged refused file is not re-read. */
  public static final String REFUSED_HASH_PREFIX = ChangePlanner.REFUSED_HASH_PREFIX;

  /** Stage names announced through {@link IngestProgress#stage}, in the order a run passes them. */
  public static final String STAGE_PLAN = "plan";
  public static final String STAGE_CHUNK = "chunk";
  public static final String STAGE_COMMIT = "commit";
  public static final String STAGE_PUBLISH = "publish";

  private final Runnable afterPlan;
  private final Runnable afterCommit;
  /** Counters recorded in the published manifest beside the run's own (a streaming window's id). */
  private final Map<String, Long> recorded;

  public Ingester() {
    this(() -> {});
  }

  /** @param afterCommit runs between commit and publish; tests use it to fail a run at the worst moment */
  Ingester(Runnable afterCommit) {
    this(() -> {}, afterCommit);
  }

  /**
   * @param afterPlan runs once the change set is planned, before anything is written; tests use it to roll back
   *     while a run is under way
   */
  Ingester(Runnable afterPlan, Runnable afterCommit) {
    this(afterPlan, afterCommit, Map.of());
  }

  private Ingester(Runnable afterPlan, Runnable afterCommit, Map<String, Long> recorded) {
    this.afterPlan = afterPlan;
    this.afterCommit = afterCommit;
    this.recorded = recorded;
  }

  /**
   * This ingester recording {@code counter = value} in the manifest of the generation it publishes (nothing when it
   * publishes nothing): a streaming window records its id so a replay of it can be recognised.
   */
  public Ingester recording(String counter, long value) {
    Map<String, Long> more = new LinkedHashMap<>(recorded);
    more.put(counter, value);
    return new Ingester(afterPlan, afterCommit, Map.copyOf(more));
  }

  /**
   * This ingester with {@code gate} run after the commit, just before the publish: a gate that throws abandons the
   * run there, leaving the previous generation served (a commit nobody publishes is ignored and later deleted).
   * {@code weft index --watch} stops through it, so a stop never half-publishes a window.
   */
  public Ingester beforePublish(Runnable gate) {
    Runnable previous = afterCommit;
    return new Ingester(afterPlan, () -> {
      previous.run();
      gate.run();
    }, recorded);
  }

  public IngestReport run(IngestRequest request) {
    return run(request, WriteAccess.DEFAULT);
  }

  /**
   * Plans and writes under the write lock, against the generation the update builds on: a rollback cannot slip
   * in between planning and writing (it is refused as busy), so a plan is never applied to another generation.
   */
  public IngestReport run(IngestRequest request, WriteAccess access) {
    SourcePass pass = pass(request); // a refused source is refused before the index is opened (or created)
    try (CorpusIndex opened = CorpusIndex.open(request.index())) {
      return run(opened, request, access, pass);
    }
  }

  /**
   * As {@link #run(IngestRequest, WriteAccess)} through the request's index as the caller holds it open (and closes):
   * {@code opened} is asked for it once the source is checked, so a refused source never creates the index. The
   * facade's embedding run reads the index before and after the ingest through the same open.
   */
  public IngestReport run(IngestRequest request, WriteAccess access, Supplier<CorpusIndex> opened) {
    SourcePass pass = pass(request);
    return run(opened.get(), request, access, pass);
  }

  private static SourcePass pass(IngestRequest request) {
    // IngestSource is sealed to these two (Java 17 has no pattern switch to say so)
    return request.source() instanceof DirectorySource directory
        ? new DirectoryPass(directory, request.settings(), request.index())
        : new DatasetPass((DatasetSource) request.source(), request.settings(), request.index());
  }

  /**
   * The run with a pass made by the caller: a streaming window's, planned and chunked before the lock, so its plan
   * may meet a newer generation than it was made against (DirectoryPass#ofWindow says why that converges).
   */
  public IngestReport run(IngestRequest request, WriteAccess access, SourcePass pass) {
    try (CorpusIndex opened = CorpusIndex.open(request.index())) {
      return run(opened, request, access, pass);
    }
  }

  private IngestReport run(CorpusIndex index, IngestRequest request, WriteAccess access, SourcePass pass) {
    if (!index.location().equals(request.index())) {
      throw new IllegalArgumentException("the open index must be the request's, got: " + index.location()
          + " for a request into " + request.index());
    }
    long start = System.nanoTime();
    IngestSettings settings = request.settings();
    settings.progress().stage(STAGE_PLAN);
    CorpusSource source = pass.corpusSource();
    // the corpus root is the source's location: the directory, or the dataset file
    UpdateOptions options = new UpdateOptions(source.location(), settings.keepGenerations(), IngestStamp.CURRENT,
        RequestedEmbedders.of(settings.embedder()), access.lockWait(), access.rebuild())
        .withSource(source);
    try (IndexUpdate update = IndexRuns.begin(index, options, pass.rechunksEverything(), pass::locked)) {
      IndexRuns.removeAbandonedStaging(request.index());
      EmbedderGuard.requireCompatible(index, settings.embedder() == null ? null : settings.embedder().identity(),
          pass.rechunksEverything() || update.options().rebuild());
      SourcePass.Plan plan = pass.plan(update);
      afterPlan.run();
      if (plan.isNoOp()) {
        settings.progress().finished();
        Map<String, Long> counters = RunCounters.of(0, 0, 0, plan.unchanged(), 0, 0, plan.deadLetters());
        GenerationManifest current = update.baseGeneration().orElse(null);
        return new IngestReport(-1, "none", counters, current == null ? 0 : current.files(),
            current == null ? 0 : current.chunks(), null, Elapsed.millisSince(start)).withNotes(update.notes());
      }
      Runner executor = settings.executorFor(plan.toChunk());
      settings.progress().stage(STAGE_CHUNK);
      settings.progress().started(plan.toChunk(), plan.progressLabel(executor));
      try (ParquetExport export = settings.exportParquet() == null || executor != Runner.INPROCESS ? null
              : ParquetExport.open(settings.exportParquet())) {
        ChunkRun run = plan.execute(executor, update, export);
        SourcePass.ItemCounts items = plan.beforeCommit(run, update);
        settings.progress().stage(STAGE_COMMIT);
        update.commit();
        afterCommit.run();
        List<DeadLetter> deadLetters = new ArrayList<>(plan.deadLetters());
        deadLetters.addAll(run.deadLetters());
        Map<String, Long> counters = new LinkedHashMap<>(RunCounters.of(items.added(), items.updated(),
            items.removed(), plan.unchanged(), run.emptyFiles(), run.chunks(), run.embed(), deadLetters));
        counters.putAll(recorded);
        settings.progress().stage(STAGE_PUBLISH);
        GenerationManifest published = update.publish(counters);
        if (export != null) {
          export.commit(); // after the publish: a dataset never describes a generation that was not served
        }
        Path deadLetterFile = DeadLetterLog.write(request.index(), "gen-" + published.generation(),
            DeadLetterLog.concat(deadLetters, run.embed().failures()));
        DeadLetterLog.prune(request.index(), index.keptGenerationNumbers());
        settings.progress().finished();
        return new IngestReport(published.generation(), executorName(executor), counters, published.files(),
            published.chunks(), deadLetterFile, Elapsed.millisSince(start), run.embed().summaries())
            .withNotes(update.notes());
      }
    }
  }

  static String executorName(Runner executor) {
    return switch (executor) {
      case INPROCESS, AUTO -> "in-process";
      case DIRECT -> "beam-direct";
      case FLINK -> "beam-flink";
    };
  }
}
