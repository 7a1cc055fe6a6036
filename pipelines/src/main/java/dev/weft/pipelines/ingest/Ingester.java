package dev.weft.pipelines.ingest;

import dev.weft.context.DeadLetter;
import dev.weft.context.FileState;
import dev.weft.context.embed.EmbedderSpec;
import dev.weft.index.CorpusIndex;
import dev.weft.index.GenerationManifest;
import dev.weft.index.IndexUpdate;
import dev.weft.index.UpdateOptions;
import dev.weft.index.VectorLookup;
import dev.weft.transforms.ingest.ChangePlanner;
import dev.weft.transforms.ingest.ChangeSet;
import dev.weft.transforms.ingest.CorpusLister;
import dev.weft.transforms.ingest.FileProcessor;
import dev.weft.transforms.ingest.ListedFile;
import dev.weft.transforms.ingest.PathScope;
import dev.weft.transforms.ingest.SourceReader;
import dev.weft.transforms.route.Route;
import dev.weft.transforms.vectors.ChunkEmbedder;
import dev.weft.transforms.vectors.CircuitBreaker;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * One incremental ingest pass: list the corpus, plan against the served generation, run the change set on
 * the chosen executor, commit, then publish a new generation. Nothing is published when there is nothing to
 * do, and a pass that fails before publishing leaves the previous generation served.
 */
public final class Ingester {
  /** Prefix of the content hash recorded for a refused file, so an unchanged refused file is not re-read. */
  public static final String REFUSED_HASH_PREFIX = ChangePlanner.REFUSED_HASH_PREFIX;

  private final Runnable afterPlan;
  private final Runnable afterCommit;

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
    this.afterPlan = afterPlan;
    this.afterCommit = afterCommit;
  }

  public IngestReport run(IngestRequest request) {
    return run(request, WriteAccess.DEFAULT);
  }

  /**
   * Plans and writes under the write lock, against the generation the update builds on: a rollback cannot slip
   * in between planning and writing (it is refused as busy), so a plan is never applied to another generation.
   */
  public IngestReport run(IngestRequest request, WriteAccess access) {
    long start = System.nanoTime();
    Path root = request.root().toAbsolutePath().normalize();
    if (!Files.isDirectory(root)) {
      throw new IllegalArgumentException("corpus root must be an existing directory, got: " + request.root());
    }
    Path indexDir = request.indexDir().toAbsolutePath().normalize();
    UpdateOptions options = new UpdateOptions(root.toString(), request.keepGenerations(), IngestStamp.CURRENT,
        RequestedEmbedders.of(request.embedder()), access.lockWait(), access.rebuild());
    boolean wholeCorpus = request.force() && request.scope().isFull();
    try (CorpusIndex index = CorpusIndex.open(indexDir);
        IndexUpdate update = IndexRuns.begin(index, options, wholeCorpus)) {
      IndexRuns.removeAbandonedStaging(indexDir);
      EmbedderGuard.requireCompatible(index, request.embedder() == null ? null : request.embedder().identity(),
          wholeCorpus || update.options().rebuild());
      CorpusLister lister = new CorpusLister(request.router(), indexDir);
      List<ListedFile> listed = lister.list(root);
      List<DeadLetter> listingLetters = lister.deadLetters();
      Map<String, FileState> indexed = keepUnder(update.baseFileStates(), lister.unreadableDirectories());
      ChangeSet changes = new ChangePlanner(IngestStamp.CURRENT).plan(root, listed, indexed, request.scope(),
          request.force());
      afterPlan.run();
      if (changes.isNoOp()) {
        request.progress().finished();
        Map<String, Long> counters = RunCounters.of(0, 0, 0, changes.unchanged(), 0, 0, listingLetters);
        GenerationManifest current = update.baseGeneration().orElse(null);
        return new IngestReport(-1, "none", counters, current == null ? 0 : current.files(),
            current == null ? 0 : current.chunks(), null, millisSince(start)).withNotes(update.notes());
      }
      List<String> toChunk = changes.toChunk();
      RunnerChoice executor = request.executorFor(toChunk.size());
      request.progress().started(toChunk.size(), executorName(executor));
      try (ParquetExport export = request.exportParquet() == null || executor != RunnerChoice.IN_PROCESS ? null
              : ParquetExport.open(request.exportParquet())) {
        changes.removed().forEach(update::delete);
        changes.touched().forEach(update::updateState);
        ChunkRun run = execute(executor, toChunk, request, root, update, indexed, export);
        recordRefused(run.deadLetters(), listed, request, update);
        update.commit();
        afterCommit.run();
        long added = changes.added().stream().filter(run.chunkedPaths()::contains).count();
        long updated = changes.updated().stream().filter(run.chunkedPaths()::contains).count();
        List<DeadLetter> deadLetters = new ArrayList<>(listingLetters);
        deadLetters.addAll(run.deadLetters());
        Map<String, Long> counters = RunCounters.of(added, updated, changes.removed().size(), changes.unchanged(),
            run.emptyFiles(), run.chunks(), run.embed(), deadLetters);
        GenerationManifest published = update.publish(counters);
        if (export != null) {
          export.commit(); // after the publish: a dataset never describes a generation that was not served
        }
        Path deadLetterFile = DeadLetterLog.write(indexDir, "gen-" + published.generation(),
            DeadLetterLog.concat(deadLetters, run.embed().failures()));
        DeadLetterLog.prune(indexDir, index.keptGenerationNumbers());
        request.progress().finished();
        return new IngestReport(published.generation(), executorName(executor), counters, published.files(),
            published.chunks(), deadLetterFile, millisSince(start), run.embed().summaries()).withNotes(update.notes());
      }
    }
  }

  private static ChunkRun execute(RunnerChoice executor, List<String> toChunk, IngestRequest request, Path root,
      IndexUpdate update, Map<String, FileState> indexed, ParquetExport export) {
    if (executor != RunnerChoice.IN_PROCESS) {
      return new BeamExecutor(executor, request.beamArgs()).run(toChunk, request, root, update, indexed.keySet(),
          request.progress());
    }
    SourceReader reader = SourceReader.withDefaults().withMaxBytes(request.maxFileBytes());
    FileProcessor processor = new FileProcessor(root.toString(), request.router(), reader, IngestStamp.CURRENT);
    int threads = Runtime.getRuntime().availableProcessors();
    InProcessExecutor inProcess = new InProcessExecutor(threads);
    if (request.embedder() == null) {
      return inProcess.run(toChunk, processor, update, indexed.keySet(), request.progress(), null, 1, export);
    }
    EmbedderSpec spec = request.embedder();
    CircuitBreaker breaker = new CircuitBreaker(spec.breakerThreshold()); // one per run, shared by the workers
    try (VectorLookup lookup = update.vectorLookup()) {
      Supplier<ChunkEmbedder> embedders =
          () -> new ChunkEmbedder(spec.create(), lookup::vectorsFor, request.embedBatchSize(), breaker);
      return inProcess.run(toChunk, processor, update, indexed.keySet(), request.progress(), embedders,
          request.embedBatchSize(), export);
    }
  }

  /**
   * Remembers each refused file with its stat and a {@code refused:<reason>} hash: the next pass skips it
   * while it stays as it is, instead of reading and refusing it again (and publishing a generation for it).
   * {@code refused:unreadable} is the exception the planner makes: {@code chmod} leaves the stat as it was, so
   * such a file is retried once the OS says it can be read ({@link ChangePlanner}).
   */
  private static void recordRefused(List<DeadLetter> letters, List<ListedFile> listed, IngestRequest request,
      IndexUpdate update) {
    if (letters.isEmpty()) {
      return;
    }
    Map<String, ListedFile> byPath = new HashMap<>();
    for (ListedFile file : listed) {
      byPath.put(file.path(), file);
    }
    for (DeadLetter letter : letters) {
      ListedFile file = byPath.get(letter.path());
      Route route = request.router().route(letter.path()).orElse(null);
      if (file == null || route == null) {
        continue; // not a listed, routable file: nothing to remember it by
      }
      update.delete(letter.path());
      update.updateState(new FileState(letter.path(), route.kind(), route.format(), file.mtimeMillis(),
          file.size(), REFUSED_HASH_PREFIX + letter.reason(), IngestStamp.CURRENT, 0));
    }
  }

  /**
   * The index's states without those under directories that could not be listed: files there are neither
   * re-read nor removed, so a transient permission problem never empties part of the index.
   */
  private static Map<String, FileState> keepUnder(Map<String, FileState> states, List<String> unreadableDirs) {
    if (unreadableDirs.isEmpty()) {
      return states;
    }
    PathScope unreadable = new PathScope(unreadableDirs);
    Map<String, FileState> kept = new HashMap<>(states);
    kept.keySet().removeIf(unreadable::contains);
    return kept;
  }

  static String executorName(RunnerChoice executor) {
    return switch (executor) {
      case IN_PROCESS, AUTO -> "in-process";
      case DIRECT -> "beam-direct";
      case FLINK -> "beam-flink";
    };
  }

  private static long millisSince(long startNanos) {
    return (System.nanoTime() - startNanos) / 1_000_000;
  }
}
