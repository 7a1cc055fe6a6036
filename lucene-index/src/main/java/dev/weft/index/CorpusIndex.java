package dev.weft.index;

import dev.weft.context.FileState;
import dev.weft.context.IndexLocation;
import dev.weft.context.ItemSource;
import dev.weft.context.embed.EmbedderIdentity;
import dev.weft.context.error.IndexBusyException;
import dev.weft.context.error.IndexDamagedException;
import dev.weft.context.generation.GenerationManifest;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexCommit;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.store.AlreadyClosedException;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.store.Lock;
import org.apache.lucene.store.LockObtainFailedException;
import org.apache.lucene.util.IOUtils;

/**
 * A Weft index directory: the Lucene index under {@code lucene/}, one manifest per published
 * generation under {@code generations/}, and {@code CURRENT} naming the served generation.
 *
 * <p>Readers open exactly the commit the served manifest names, so they always see a whole
 * generation; a run that committed but never published changes nothing they see.
 */
public final class CorpusIndex implements Closeable {
  static final String LUCENE = "lucene";

  private final IndexLocation index;
  private final Directory directory;
  private final GenerationStore store;
  private final Runnable beforeOpeningServed;
  /** Null until a generation is first read (Lucene's manager needs one to exist); set once, under the lock. */
  private volatile ServedGenerations served;
  private IndexUpdate activeUpdate;
  private boolean closed;

  private CorpusIndex(IndexLocation index) throws IOException {
    this(index, UnaryOperator.identity(), () -> {});
  }

  /**
   * @param wrapDirectory wraps the Lucene directory; tests use it to fail a write (a full disk)
   * @param beforeOpeningServed runs after a reader read {@code CURRENT} and its manifest and before it opens the
   *     commit; tests use it to publish (and prune) at the worst moment
   */
  CorpusIndex(IndexLocation index, UnaryOperator<Directory> wrapDirectory, Runnable beforeOpeningServed)
      throws IOException {
    this.index = index;
    this.directory = wrapDirectory.apply(FSDirectory.open(index.resolve(LUCENE)));
    this.store = new GenerationStore(index);
    this.beforeOpeningServed = beforeOpeningServed;
  }

  /** Opens or creates an index directory; nothing needs to be published yet. */
  public static CorpusIndex open(IndexLocation index) {
    index.createIgnored();
    try {
      Files.createDirectories(index.resolve(LUCENE));
      Files.createDirectories(index.resolve(GenerationStore.GENERATIONS));
      return new CorpusIndex(index);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot open or create the Weft index at " + index, e);
    }
  }

  /**
   * Opens an index that has published a generation, for reading. An index whose files are damaged opens (so
   * that rollback and check can work on it); reading it says what is damaged.
   */
  public static CorpusIndex openExisting(IndexLocation index) {
    if (!Files.exists(index.resolve(GenerationStore.CURRENT))
        && new GenerationStore(index).generationNumbers().isEmpty()) {
      throw new IndexNotFoundException(index);
    }
    try {
      Files.createDirectories(index.resolve(LUCENE));
      return new CorpusIndex(index);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot open the Weft index at " + index, e);
    }
  }

  /** Where this index lives. */
  public IndexLocation location() {
    return index;
  }

  /** The generation {@code CURRENT} names. */
  public Optional<GenerationManifest> current() {
    return store.current();
  }

  /** Published generations still kept whose manifests can be read, newest first. */
  public List<GenerationManifest> generations() {
    return store.list();
  }

  /** The manifest of kept generation {@code number}; empty when it is not kept. */
  public Optional<GenerationManifest> generation(long number) {
    return store.find(number);
  }

  /**
   * The manifest of the generation this index's readers hold now, without looking at {@code CURRENT}: a holder
   * that outlives calls compares it with the directory's to notice a directory deleted and made again. Empty
   * before the first read.
   */
  public Optional<GenerationManifest> heldGeneration() {
    ServedGenerations generations = served;
    if (generations == null) {
      return Optional.empty();
    }
    ServedGeneration held;
    try {
      held = generations.acquire();
    } catch (AlreadyClosedException e) {
      throw closedException(e);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot acquire the served generation of " + index, e);
    }
    try {
      return Optional.of(held.manifest());
    } finally {
      generations.releaseUnchecked(held);
    }
  }

  /** Kept generations whose manifests exist but cannot be read, newest first; every listing skips them. */
  public List<UnreadableManifest> unreadableGenerations() {
    return store.unreadable();
  }

  /** Numbers of the kept generations, readable or not, newest first. */
  public List<Long> keptGenerationNumbers() {
    return store.generationNumbers();
  }

  /** The generation {@code CURRENT} names when it can be read; empty when it is missing or damaged. */
  public Optional<Long> servedNumber() {
    return store.currentNumber();
  }

  /** As {@link #rollback(long, Duration)}, refusing at once when busy. */
  public GenerationManifest rollback(long generation) {
    return rollback(generation, Duration.ZERO);
  }

  /**
   * Serves a kept generation: one pointer move, once its commit is verified to open. Refused (busy) while an
   * update holds the write lock, whose publish would otherwise silently override it; {@code wait} is how long
   * to wait for it. Works when {@code CURRENT} itself is missing or damaged: that is its way out.
   */
  public GenerationManifest rollback(long generation, Duration wait) {
    ensureOpen();
    try (Lock lock = lockWait(wait).call(() -> directory.obtainLock(IndexWriter.WRITE_LOCK_NAME))) {
      GenerationManifest manifest = store.find(generation).orElseThrow(() ->
          new IllegalArgumentException("cannot roll back to generation " + generation
              + ": it is not kept; kept generations: " + store.generationNumbers()));
      verifyOpens(manifest);
      store.point(generation);
      return manifest;
    } catch (LockObtainFailedException e) {
      throw busy("cannot roll back to generation " + generation, e);
    } catch (IOException e) {
      throw IndexDamage.of(luceneDir(), "cannot roll back " + index + " to generation " + generation, e,
          "CURRENT is unchanged");
    }
  }

  /** Path to state of every file in the served generation; empty when nothing is published. */
  public Map<String, FileState> fileStates() {
    Optional<ServedGeneration> generation = acquireServed();
    if (generation.isEmpty()) {
      return Map.of();
    }
    try {
      return FileStates.all(generation.get().reader());
    } finally {
      served.releaseUnchecked(generation.get());
    }
  }

  /**
   * Starts the one update an index allows at a time (Lucene's {@code write.lock}), waiting up to
   * {@code options.lockWait()} for another run's. The update's writer is built on its first write, on the served
   * commit (so an orphan commit of a run that died before publishing is ignored) or, with {@code options.rebuild()},
   * on nothing (a fresh line, for a served generation that cannot be opened); the lock is held from here, so
   * {@code CURRENT} cannot move under a plan made against the base. Unreadable commits are moved aside first and
   * never-served manifests deleted, each reported in {@link IndexUpdate#notes()}; what else a killed run left (an
   * orphan commit, files no commit holds) is deleted here too, by building the writer at once.
   *
   * @throws IndexBusyException when another run holds the write lock past the wait
   * @throws IndexDamagedException when the served generation cannot be opened (and this is no rebuild)
   */
  public IndexUpdate beginUpdate(UpdateOptions options) {
    return beginUpdate(options, () -> {});
  }

  /**
   * As {@link #beginUpdate(UpdateOptions)}, running {@code whileLocked} on this thread as soon as the write lock is
   * held, before the base generation is opened: a run starts there the work that must not begin before the lock but
   * can overlap the opening (the listing of its directory). When {@code whileLocked} throws, the lock is released and
   * that is thrown.
   */
  public synchronized IndexUpdate beginUpdate(UpdateOptions options, Runnable whileLocked) {
    ensureOpen();
    Lock lock = obtainWriteLock(options.lockWait());
    ServedGeneration base = null;
    LazyWriter writer = null;
    try {
      whileLocked.run();
      IndexCommits.Listing commits = IndexCommits.read(directory);
      List<String> notes = new ArrayList<>(moveAsideUnreadableCommits(commits));
      // CURRENT cannot move while we hold the lock: whatever it names now is the base until the update closes
      store.discardUnserved().forEach(g -> notes.add("discarded generation " + g
          + ": its run died before serving it"));
      // the base generation: planned against, and read to rebuild chunk documents when vectors are added to them
      base = options.rebuild() ? null : acquireServed().orElse(null);
      Optional<GenerationManifest> baseManifest = Optional.ofNullable(base).map(ServedGeneration::manifest);
      writer = new LazyWriter(directory, lock, held -> openWriter(held, baseManifest));
      if (hasLeftovers(commits.commits())) {
        writer.get(); // the writer deletes them as it opens, as every run did before writers were built lazily
      }
      activeUpdate = new IndexUpdate(writer, served, base, store, options, this::updateClosed, notes);
      return activeUpdate;
    } catch (RuntimeException e) {
      releaseQuietly(base, writer == null ? lock : writer, e); // the writer's close releases the lock
      throw e;
    }
  }

  /**
   * Reuses vectors of the served generation by embedder identity and chunk text hash; open it once per
   * run, close it when done. Empty when nothing is published.
   */
  public VectorLookup vectorLookup() {
    Optional<ServedGeneration> generation = acquireServed();
    return new VectorLookup(generation.isEmpty() ? null : served, generation.orElse(null));
  }

  /** One lookup on the served generation; see {@link VectorLookup#vectorsFor}. */
  public Map<String, float[]> vectorsFor(EmbedderIdentity identity, Collection<String> chunkTextHashes) {
    try (VectorLookup lookup = vectorLookup()) {
      return lookup.vectorsFor(identity, chunkTextHashes);
    }
  }

  /**
   * A searcher over the served generation, for everything but reading item bodies ({@code get} needs an item
   * source: {@link #searcher(Function)}); close it to release the generation's files.
   */
  public CorpusSearcher searcher() {
    return searcher(manifest -> null);
  }

  /**
   * A searcher whose {@code get} reads items from the source {@code itemsOf} gives for the generation it holds: the
   * generation is known only once acquired, so the caller maps its manifest to the source it records rather than
   * guess which generation it will get. This index never reads an item itself.
   */
  public CorpusSearcher searcher(Function<? super GenerationManifest, ? extends ItemSource> itemsOf) {
    Objects.requireNonNull(itemsOf, "itemsOf");
    ServedGeneration generation = acquireServed().orElseThrow(() -> new IndexNotFoundException(index));
    try {
      return new CorpusSearcher(served, generation, index, itemsOf.apply(generation.manifest()));
    } catch (RuntimeException e) {
      served.releaseUnchecked(generation);
      throw e;
    }
  }

  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    try {
      // each one is closed even when one before it fails: the first failure is thrown, later ones suppressed;
      // searchers still open keep their generation until they close
      IOUtils.close(activeUpdate, served, directory);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot close " + index, e);
    }
  }

  /**
   * The generation CURRENT names, acquired (the caller releases it through {@link #served}); empty when nothing was
   * published. The refresh blocks rather than skip when another thread is refreshing, so an acquire that follows a
   * publish, in any thread, sees it; when CURRENT has not moved it costs one read of CURRENT.
   */
  private Optional<ServedGeneration> acquireServed() {
    ServedGenerations generations = servedGenerations();
    if (generations == null) {
      return Optional.empty();
    }
    try {
      generations.maybeRefreshBlocking();
      return Optional.of(generations.acquire());
    } catch (AlreadyClosedException e) {
      throw closedException(e);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot acquire the served generation of " + index, e);
    }
  }

  /** The manager of the served generation, opening it on first use; null while nothing is published. */
  private synchronized ServedGenerations servedGenerations() {
    ensureOpen();
    if (served == null) {
      served = ServedGenerations.open(store, directory, beforeOpeningServed).orElse(null);
    }
    return served;
  }

  /** Opens and closes a generation's commit: rollback moves CURRENT only onto one that opens. */
  private void verifyOpens(GenerationManifest manifest) {
    try (DirectoryReader reader = DirectoryReader.open(commitOf(manifest))) {
      reader.numDocs();
    } catch (IOException e) {
      throw IndexDamage.of(luceneDir(), "cannot roll back to generation " + manifest.generation()
          + ": its commit " + manifest.segmentsFileName() + " does not open", e,
          "CURRENT is unchanged; `weft check` tests every kept generation");
    }
  }

  private IndexCommit commitOf(GenerationManifest manifest) {
    return ServedGenerations.commitOf(directory, store, manifest);
  }

  private Set<Long> keptLuceneGenerations() {
    return store.list().stream().map(GenerationManifest::luceneGeneration).collect(Collectors.toSet());
  }

  private Set<Long> unreadableGenerationNumbers() {
    return store.unreadable().stream().map(UnreadableManifest::generation).collect(Collectors.toSet());
  }

  /** Takes the write lock, waiting up to {@code wait} for another run's. */
  private Lock obtainWriteLock(Duration wait) {
    try {
      return lockWait(wait).call(() -> directory.obtainLock(IndexWriter.WRITE_LOCK_NAME));
    } catch (LockObtainFailedException e) {
      throw busy("cannot start an update", e);
    } catch (IOException e) {
      throw IndexDamage.of(luceneDir(), "cannot take the write lock of " + index, e,
          "check that " + luceneDir() + " is writable, then rerun");
    }
  }

  /** Moves the unreadable commits aside; the caller holds the write lock. */
  private List<String> moveAsideUnreadableCommits(IndexCommits.Listing commits) {
    try {
      return IndexDamage.moveAsideUnreadableCommits(commits, index);
    } catch (IOException e) {
      throw IndexDamage.of(luceneDir(), "cannot move the unreadable commits of " + luceneDir() + " aside", e,
          "move them out of " + luceneDir() + " by hand, then rerun");
    }
  }

  /**
   * Whether a writer opening now would delete something, as every run's writer did before they were built lazily: a
   * commit {@link PublishedCommitsPolicy} drops (a generation pruned by a run killed before it deleted the commit)
   * or a file no commit holds (a run killed before its commit). The newest commit is never dropped on opening, so
   * the orphan of a run killed between commit and publish waits, as it always did, for the next run that commits.
   * The caller holds the write lock and listed the {@code readable} commits under it.
   */
  private boolean hasLeftovers(List<IndexCommit> readable) {
    Set<Long> kept = keptLuceneGenerations();
    Set<Long> unreadable = unreadableGenerationNumbers();
    Set<String> held = new HashSet<>();
    try {
      for (int i = 0; i < readable.size(); i++) {
        IndexCommit commit = readable.get(i);
        if (i < readable.size() - 1 && PublishedCommitsPolicy.isDropped(commit, kept, unreadable)) {
          return true;
        }
        held.addAll(commit.getFileNames());
      }
      for (String name : directory.listAll()) {
        if (!held.contains(name) && !IndexWriter.WRITE_LOCK_NAME.equals(name)) {
          return true;
        }
      }
    } catch (IOException | UncheckedIOException e) {
      return true; // the writer says what is wrong as it opens
    }
    return false;
  }

  /** A writer on the base generation's commit, or on nothing (a fresh line) without one. */
  private IndexWriter openWriter(Directory lockHeld, Optional<GenerationManifest> base) {
    try {
      IndexCommits.numberNextPast(lockHeld, keptLuceneGenerations());
      return new IndexWriter(lockHeld, writerConfig(lockHeld, base));
    } catch (IOException e) {
      throw IndexDamage.of(luceneDir(), "cannot open the index writer of " + index, e,
          "run `weft check`, then `weft index --rebuild`");
    }
  }

  private IndexWriterConfig writerConfig(Directory lockHeld, Optional<GenerationManifest> base) {
    IndexWriterConfig config = IndexConfig.writerConfig(
        new PublishedCommitsPolicy(this::keptLuceneGenerations, this::unreadableGenerationNumbers));
    if (base.isPresent()) {
      // the writer checks that its commit belongs to the directory it was given: read it through that one
      return config.setOpenMode(IndexWriterConfig.OpenMode.APPEND)
          .setIndexCommit(ServedGenerations.commitOf(lockHeld, store, base.get()));
    }
    return config.setOpenMode(IndexWriterConfig.OpenMode.CREATE);
  }

  private IndexBusyException busy(String what, Exception cause) {
    return new IndexBusyException(what + " on " + index, luceneDir().resolve(IndexWriter.WRITE_LOCK_NAME), cause);
  }

  private static LockWait lockWait(Duration wait) {
    return LockWait.of(wait);
  }

  Path luceneDir() {
    return index.resolve(LUCENE);
  }

  Directory directory() {
    return directory;
  }

  GenerationStore store() {
    return store;
  }

  /** Gives back what a failed start took; a failure to do so is attached to the one that is thrown. */
  private void releaseQuietly(ServedGeneration base, Closeable lock, RuntimeException failure) {
    try {
      IOUtils.close(base == null ? null : () -> served.release(base), lock);
    } catch (IOException | RuntimeException e) {
      failure.addSuppressed(e);
    }
  }

  private synchronized void updateClosed(IndexUpdate update) {
    if (activeUpdate == update) {
      activeUpdate = null;
    }
  }

  private void ensureOpen() {
    if (closed) {
      throw closedException(null);
    }
  }

  private IllegalStateException closedException(Exception cause) {
    return new IllegalStateException("the index at " + index + " is closed", cause);
  }
}
