package dev.weft.index;

import dev.weft.context.FileState;
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
  private static final int OPEN_ATTEMPTS = ServedGenerations.OPEN_ATTEMPTS;

  private final Path indexDir;
  private final Directory directory;
  private final GenerationStore store;
  private final Runnable beforeOpeningServed;
  /** Null until a generation is first read (Lucene's manager needs one to exist); set once, under the lock. */
  private volatile ServedGenerations served;
  private IndexUpdate activeUpdate;
  private boolean closed;

  private CorpusIndex(Path indexDir) throws IOException {
    this(indexDir, UnaryOperator.identity(), () -> {});
  }

  /**
   * @param wrapDirectory wraps the Lucene directory; tests use it to fail a write (a full disk)
   * @param beforeOpeningServed runs after a reader read {@code CURRENT} and its manifest and before it opens the
   *     commit; tests use it to publish (and prune) at the worst moment
   */
  CorpusIndex(Path indexDir, UnaryOperator<Directory> wrapDirectory, Runnable beforeOpeningServed)
      throws IOException {
    this.indexDir = indexDir;
    this.directory = wrapDirectory.apply(FSDirectory.open(indexDir.resolve(LUCENE)));
    this.store = new GenerationStore(indexDir);
    this.beforeOpeningServed = beforeOpeningServed;
  }

  /** Opens or creates an index directory; nothing needs to be published yet. */
  public static CorpusIndex open(Path indexDir) {
    Path dir = indexDir.toAbsolutePath().normalize();
    try {
      Files.createDirectories(dir.resolve(LUCENE));
      Files.createDirectories(dir.resolve(GenerationStore.GENERATIONS));
      return new CorpusIndex(dir);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot open or create the Weft index at " + dir, e);
    }
  }

  /**
   * Opens an index that has published a generation, for reading. An index whose files are damaged opens (so
   * that rollback and check can work on it); reading it says what is damaged.
   */
  public static CorpusIndex openExisting(Path indexDir) {
    Path dir = indexDir.toAbsolutePath().normalize();
    if (!Files.exists(dir.resolve(GenerationStore.CURRENT))
        && new GenerationStore(dir).generationNumbers().isEmpty()) {
      throw new IndexNotFoundException(dir);
    }
    try {
      Files.createDirectories(dir.resolve(LUCENE));
      return new CorpusIndex(dir);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot open the Weft index at " + dir, e);
    }
  }

  public Path indexDir() {
    return indexDir;
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
      throw new UncheckedIOException("cannot acquire the served generation of " + indexDir, e);
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
      throw IndexDamage.of(luceneDir(), "cannot roll back " + indexDir + " to generation " + generation, e,
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
   * {@code options.lockWait()} for another run's. The writer opens on the served commit, so an orphan commit
   * of a run that died before publishing is ignored; with {@code options.rebuild()} it opens on nothing (a
   * fresh line, for a served generation that cannot be opened). Unreadable commits are moved aside first and
   * never-served manifests deleted, each reported in {@link IndexUpdate#notes()}.
   *
   * @throws IndexBusyException when another run holds the write lock past the wait
   * @throws IndexDamagedException when the served generation cannot be opened (and this is no rebuild)
   */
  public synchronized IndexUpdate beginUpdate(UpdateOptions options) {
    ensureOpen();
    LockWait wait = lockWait(options.lockWait());
    List<String> notes = new ArrayList<>();
    try {
      notes.addAll(IndexDamage.moveAsideUnreadableCommits(directory, indexDir, wait));
    } catch (LockObtainFailedException e) {
      throw busy("cannot start an update", e);
    } catch (IOException e) {
      throw IndexDamage.of(luceneDir(), "cannot move the unreadable commits of " + luceneDir() + " aside", e,
          "move them out of " + luceneDir() + " by hand, then rerun");
    }
    for (int attempt = 1; ; attempt++) {
      Optional<Long> before = store.currentNumber();
      IndexWriter writer;
      try {
        writer = openWriter(options.rebuild() ? Optional.empty() : store.current(), wait);
      } catch (IndexDamagedException e) {
        // a run publishing meanwhile may have pruned the base being opened: that is no damage, try its successor
        if (store.currentNumber().equals(before) || attempt == OPEN_ATTEMPTS) {
          throw e;
        }
        continue;
      }
      // CURRENT cannot move while we hold the lock; check it did not move before we took it
      if (store.currentNumber().equals(before)) {
        store.discardUnserved().forEach(g -> notes.add("discarded generation " + g
            + ": its run died before serving it"));
        // the base generation, for rebuilding chunk documents when vectors are added to them
        ServedGeneration baseGeneration = options.rebuild() ? null : base(writer);
        activeUpdate = new IndexUpdate(writer, served, baseGeneration, store, options, this::updateClosed, notes);
        return activeUpdate;
      }
      rollbackQuietly(writer);
      if (attempt == OPEN_ATTEMPTS) {
        throw busy("CURRENT kept moving while an update was starting",
            new LockObtainFailedException("CURRENT of " + indexDir + " moved " + attempt + " times"));
      }
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
    ServedGeneration generation = acquireServed().orElseThrow(() -> new IndexNotFoundException(indexDir));
    try {
      return new CorpusSearcher(served, generation, indexDir, itemsOf.apply(generation.manifest()));
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
      throw new UncheckedIOException("cannot close " + indexDir, e);
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
      throw new UncheckedIOException("cannot acquire the served generation of " + indexDir, e);
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

  /** The served generation a fresh writer opened on, acquired; null when nothing is published yet. */
  private ServedGeneration base(IndexWriter writer) {
    try {
      return acquireServed().orElse(null);
    } catch (RuntimeException e) {
      rollbackQuietly(writer);
      throw e;
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

  /** A writer on the base generation's commit, or on nothing (a fresh line) without one. */
  private IndexWriter openWriter(Optional<GenerationManifest> base, LockWait wait) {
    try {
      // a config per attempt: IndexWriter marks its config as used before it takes the lock, so a retry after a
      // refused lock with the same config failed with "do not share IndexWriterConfig instances"
      return wait.call(() -> new IndexWriter(directory, writerConfig(base)));
    } catch (LockObtainFailedException e) {
      throw busy("cannot start an update", e);
    } catch (IOException e) {
      throw IndexDamage.of(luceneDir(), "cannot open the index writer of " + indexDir, e,
          "run `weft check`, then `weft index --rebuild`");
    }
  }

  private IndexWriterConfig writerConfig(Optional<GenerationManifest> base) throws IOException {
    IndexWriterConfig config = IndexConfig.writerConfig(
        new PublishedCommitsPolicy(this::keptLuceneGenerations, this::unreadableGenerationNumbers));
    if (base.isPresent()) {
      return config.setOpenMode(IndexWriterConfig.OpenMode.APPEND).setIndexCommit(commitOf(base.get()));
    }
    return config.setOpenMode(IndexWriterConfig.OpenMode.CREATE);
  }

  private IndexBusyException busy(String what, Exception cause) {
    return new IndexBusyException(what + " on " + indexDir, luceneDir().resolve(IndexWriter.WRITE_LOCK_NAME), cause);
  }

  private static LockWait lockWait(Duration wait) {
    return LockWait.of(wait);
  }

  Path luceneDir() {
    return indexDir.resolve(LUCENE);
  }

  Directory directory() {
    return directory;
  }

  GenerationStore store() {
    return store;
  }

  private static void rollbackQuietly(IndexWriter writer) {
    try {
      writer.rollback();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot release the index writer", e);
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
    return new IllegalStateException("the index at " + indexDir + " is closed", cause);
  }
}
