package dev.weft.pipelines.ingest;

import dev.weft.context.DeadLetter;
import dev.weft.context.FileState;
import dev.weft.context.embed.EmbedderSpec;
import dev.weft.context.generation.CorpusSource;
import dev.weft.index.IndexUpdate;
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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * A directory tree in the one run: list it git-aware, plan each listed file against the served file states
 * ({@link ChangePlanner}), chunk the change set on threads here or on Beam, and remember refused files so an
 * unchanged refused file is not read again.
 */
final class DirectoryPass implements SourcePass {
  private final DirectorySource source;
  private final IngestSettings settings;
  private final Path root;
  private final Path indexDir;

  DirectoryPass(DirectorySource source, IngestSettings settings, Path indexDir) {
    this.source = source;
    this.settings = settings;
    this.root = source.root().toAbsolutePath().normalize();
    this.indexDir = indexDir;
    if (!Files.isDirectory(root)) {
      throw new IllegalArgumentException("corpus root must be an existing directory, got: " + source.root());
    }
  }

  @Override
  public CorpusSource corpusSource() {
    return CorpusSource.files(root.toString());
  }

  @Override
  public boolean rechunksEverything() {
    return settings.force() && source.scope().isFull();
  }

  @Override
  public Plan plan(IndexUpdate update) {
    CorpusLister lister = new CorpusLister(source.router(), indexDir);
    List<ListedFile> listed = lister.list(root);
    Map<String, FileState> indexed = keepUnder(update.baseFileStates(), lister.unreadableDirectories());
    ChangeSet changes = new ChangePlanner(IngestStamp.CURRENT).plan(root, listed, indexed, source.scope(),
        settings.force());
    return new DirectoryPlan(listed, lister.deadLetters(), indexed, changes);
  }

  private final class DirectoryPlan implements Plan {
    private final List<ListedFile> listed;
    private final List<DeadLetter> listingLetters;
    private final Map<String, FileState> indexed;
    private final ChangeSet changes;

    DirectoryPlan(List<ListedFile> listed, List<DeadLetter> listingLetters, Map<String, FileState> indexed,
        ChangeSet changes) {
      this.listed = listed;
      this.listingLetters = List.copyOf(listingLetters);
      this.indexed = indexed;
      this.changes = changes;
    }

    @Override
    public boolean isNoOp() {
      return changes.isNoOp();
    }

    @Override
    public long unchanged() {
      return changes.unchanged();
    }

    @Override
    public List<DeadLetter> deadLetters() {
      return listingLetters;
    }

    @Override
    public int toChunk() {
      return changes.toChunk().size();
    }

    @Override
    public String progressLabel(RunnerChoice executor) {
      return Ingester.executorName(executor);
    }

    @Override
    public ChunkRun execute(RunnerChoice executor, IndexUpdate update, ParquetExport export) {
      changes.removed().forEach(update::delete);
      changes.touched().forEach(update::updateState);
      List<String> toChunk = changes.toChunk();
      if (executor != RunnerChoice.IN_PROCESS) {
        return new BeamExecutor(executor, settings.beamArgs()).run(toChunk, source, settings, indexDir, root, update,
            indexed.keySet());
      }
      SourceReader reader = SourceReader.withDefaults().withMaxBytes(source.maxFileBytes());
      FileProcessor processor = new FileProcessor(root.toString(), source.router(), reader, IngestStamp.CURRENT);
      InProcessExecutor inProcess = new InProcessExecutor(Runtime.getRuntime().availableProcessors());
      EmbedderSpec spec = settings.embedder();
      if (spec == null) {
        return inProcess.run(toChunk, processor, update, indexed.keySet(), settings.progress(), null, 1, export);
      }
      CircuitBreaker breaker = new CircuitBreaker(spec.breakerThreshold()); // one per run, shared by the workers
      try (VectorLookup lookup = update.vectorLookup()) {
        Supplier<ChunkEmbedder> embedders =
            () -> new ChunkEmbedder(spec.create(), lookup::vectorsFor, settings.embedBatchSize(), breaker);
        return inProcess.run(toChunk, processor, update, indexed.keySet(), settings.progress(), embedders,
            settings.embedBatchSize(), export);
      }
    }

    @Override
    public ItemCounts beforeCommit(ChunkRun run, IndexUpdate update) {
      recordRefused(run.deadLetters(), update);
      long added = changes.added().stream().filter(run.chunkedPaths()::contains).count();
      long updated = changes.updated().stream().filter(run.chunkedPaths()::contains).count();
      return new ItemCounts(added, updated, changes.removed().size());
    }

    /**
     * Remembers each refused file with its stat and a {@code refused:<reason>} hash: the next pass skips it
     * while it stays as it is, instead of reading and refusing it again (and publishing a generation for it).
     * {@code refused:unreadable} is the exception the planner makes: {@code chmod} leaves the stat as it was, so
     * such a file is retried once the OS says it can be read ({@link ChangePlanner}).
     */
    private void recordRefused(List<DeadLetter> letters, IndexUpdate update) {
      if (letters.isEmpty()) {
        return;
      }
      Map<String, ListedFile> byPath = new HashMap<>();
      for (ListedFile file : listed) {
        byPath.put(file.path(), file);
      }
      for (DeadLetter letter : letters) {
        ListedFile file = byPath.get(letter.path());
        Route route = source.router().route(letter.path()).orElse(null);
        if (file == null || route == null) {
          continue; // not a listed, routable file: nothing to remember it by
        }
        update.delete(letter.path());
        update.updateState(new FileState(letter.path(), route.kind(), route.format(), file.mtimeMillis(),
            file.size(), ChangePlanner.REFUSED_HASH_PREFIX + letter.reason(), IngestStamp.CURRENT, 0));
      }
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
}
