package dev.weft.pipelines.ingest;

import dev.weft.context.DeadLetter;
import dev.weft.context.FileState;
import dev.weft.context.IndexLocation;
import dev.weft.context.embed.EmbedderSpec;
import dev.weft.context.generation.CorpusSource;
import dev.weft.index.IndexUpdate;
import dev.weft.index.VectorLookup;
import dev.weft.pipelines.Runner;
import dev.weft.pipelines.ingest.beam.BeamExecutor;
import dev.weft.transforms.ingest.ChangePlanner;
import dev.weft.transforms.ingest.ChangeSet;
import dev.weft.transforms.ingest.CorpusLister;
import dev.weft.transforms.ingest.FileProcessor;
import dev.weft.transforms.ingest.ListedFile;
import dev.weft.transforms.ingest.ListingWatches;
import dev.weft.transforms.ingest.PathScope;
import dev.weft.transforms.ingest.SourceReader;
import dev.weft.transforms.route.Route;
import dev.weft.transforms.vectors.ChunkEmbedder;
import dev.weft.transforms.vectors.CircuitBreaker;
import java.io.Serializable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * A directory tree in the one run: list it git-aware, plan each listed file against the served file states
 * ({@link ChangePlanner}), chunk the change set on threads here or on Beam, and remember refused files so an
 * unchanged refused file is not read again. A streaming window plans on one worker ({@link #planAgainst}, outside the
 * write lock) and publishes on another ({@link #ofWindow}): its plan travels as data, its chunks as staged shards.
 */
public final class DirectoryPass implements SourcePass {
  private final DirectorySource source;
  private final IngestSettings settings;
  private final Path root;
  private final IndexLocation index;
  /** A plan made before this run took the write lock (a streaming window's), or null: plan under the lock. */
  private final Planned given;
  /** Where a given plan's files were chunked, or null: chunk them on the run's executor. */
  private final StagedRun staged;
  /** The listing started when the run took the write lock ({@link #locked}), or null before. */
  private CorpusLister lister;
  private CorpusLister.Listing listing;

  public DirectoryPass(DirectorySource source, IngestSettings settings, IndexLocation index) {
    this(source, settings, index, null, null);
  }

  private DirectoryPass(DirectorySource source, IngestSettings settings, IndexLocation index, Planned given,
      StagedRun staged) {
    this.given = given;
    this.staged = staged;
    this.source = source;
    this.settings = settings;
    this.root = source.root().toAbsolutePath().normalize();
    this.index = index;
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

  /**
   * The pass of a streaming window: {@code planned} was made by {@link #planAgainst} before the lock was taken, and
   * its files were chunked into shards that {@code staged} merges. The publish may build on a newer generation than
   * the plan saw; every file's state records what was indexed for it, so the next plan corrects any interleaving.
   */
  public static DirectoryPass ofWindow(DirectorySource source, IngestSettings settings, IndexLocation index,
      Planned planned,
      StagedRun staged) {
    return new DirectoryPass(source, settings, index, planned, staged);
  }

  /**
   * Starts the walk as soon as the run holds the write lock, so it overlaps the opening of the base generation and
   * the read of its file states (a no-op pass's main-thread time); started any earlier, it could meet a generation
   * another run published after the walk. A later lock (a rebuild's retry) starts it again.
   */
  @Override
  public void locked() {
    if (given == null) {
      // the process's watches: a long-lived process (the warm server, a scheduled service) re-lists only what changed
      lister = new CorpusLister(source.router(), index.dir(), source.watchListing() ? ListingWatches.shared() : null);
      listing = lister.start(root);
    }
  }

  @Override
  public Plan plan(IndexUpdate update) {
    if (given != null) {
      return new DirectoryPlan(given);
    }
    Map<String, FileState> states = update.baseFileStates(); // read while the walk runs
    if (listing == null) {
      locked(); // a caller that did not say when it took the lock: list now, under it
    }
    return new DirectoryPlan(planAgainst(states, lister, listing));
  }

  /** Lists the tree and plans it against {@code indexedStates}: the served generation's file states. */
  public Planned planAgainst(Map<String, FileState> indexedStates) {
    CorpusLister lister = new CorpusLister(source.router(), index.dir());
    return planAgainst(indexedStates, lister, lister.start(root));
  }

  private Planned planAgainst(Map<String, FileState> indexedStates, CorpusLister lister,
      CorpusLister.Listing listing) {
    List<ListedFile> listed = listing.join();
    Map<String, FileState> indexed = keepUnder(indexedStates, lister.unreadableDirectories());
    ChangeSet changes = new ChangePlanner(IngestStamp.CURRENT).plan(root, listed, indexed, source.scope(),
        settings.force());
    return new Planned(listed, lister.deadLetters(), indexed.keySet(), changes);
  }

  /**
   * A planned change set as data.
   *
   * @param listed the listed files (a refused file's state is recorded from its stat here)
   * @param listingLetters files refused while listing
   * @param previouslyIndexed paths the plan's base generation held: their old documents are replaced
   */
  // Serializable: a streaming window's plan is made on one worker and published on another
  public record Planned(List<ListedFile> listed, List<DeadLetter> listingLetters, Set<String> previouslyIndexed,
      ChangeSet changes) implements Serializable {
    public Planned {
      listed = List.copyOf(listed);
      listingLetters = List.copyOf(listingLetters);
      // a view, not a copy: a pass's plan holds every indexed path, and copying them was a tenth of a no-op pass's
      // planning; the one caller passes the key set of states nobody changes afterwards
      previouslyIndexed = Collections.unmodifiableSet(previouslyIndexed);
    }

    /** Only what the change set's files need: a window's plan travels between workers, the whole listing need not. */
    public Planned trimmed() {
      Set<String> toChunk = new HashSet<>(changes.toChunk());
      return new Planned(listed.stream().filter(f -> toChunk.contains(f.path())).toList(), listingLetters,
          previouslyIndexed.stream().filter(toChunk::contains).collect(Collectors.toSet()), changes);
    }
  }

  /** Shards already chunked and staged for a plan's files, merged into the run's update in place of chunking. */
  public interface StagedRun {
    ChunkRun merge(List<String> toChunk, Set<String> previouslyIndexed, IndexUpdate update);
  }

  private final class DirectoryPlan implements Plan {
    private final List<ListedFile> listed;
    private final List<DeadLetter> listingLetters;
    private final Set<String> indexed;
    private final ChangeSet changes;

    DirectoryPlan(Planned planned) {
      this.listed = planned.listed();
      this.listingLetters = planned.listingLetters();
      this.indexed = planned.previouslyIndexed();
      this.changes = planned.changes();
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
    public String progressLabel(Runner executor) {
      return Ingester.executorName(executor);
    }

    @Override
    public ChunkRun execute(Runner executor, IndexUpdate update, ParquetExport export) {
      changes.removed().forEach(update::delete);
      changes.touched().forEach(update::updateState);
      List<String> toChunk = changes.toChunk();
      if (staged != null) {
        return staged.merge(toChunk, indexed, update);
      }
      if (executor != Runner.INPROCESS) {
        return new BeamExecutor(executor, settings.beamArgs()).run(toChunk, source, settings, index, root, update,
            indexed);
      }
      SourceReader reader = SourceReader.withDefaults().withMaxBytes(source.maxFileBytes());
      FileProcessor processor = new FileProcessor(root.toString(), source.router(), reader, IngestStamp.CURRENT);
      InProcessExecutor inProcess = new InProcessExecutor(Runtime.getRuntime().availableProcessors());
      EmbedderSpec spec = settings.embedder();
      if (spec == null) {
        return inProcess.run(toChunk, processor, update, indexed, settings.progress(), null, 1, export);
      }
      CircuitBreaker breaker = new CircuitBreaker(spec.breakerThreshold()); // one per run, shared by the workers
      try (VectorLookup lookup = update.vectorLookup()) {
        Supplier<ChunkEmbedder> embedders =
            () -> new ChunkEmbedder(spec.create(), lookup::vectorsFor, settings.embedBatchSize(), breaker);
        return inProcess.run(toChunk, processor, update, indexed, settings.progress(), embedders,
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
