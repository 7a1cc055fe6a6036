package dev.weft.index;

import dev.weft.context.FileState;
import dev.weft.context.embed.EmbedderIdentity;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexCommit;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
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
  private static final int OPEN_ATTEMPTS = 3;

  private final Path indexDir;
  private final Directory directory;
  private final GenerationStore store;
  private ServedGeneration served;
  private IndexUpdate activeUpdate;
  private boolean closed;

  private CorpusIndex(Path indexDir) throws IOException {
    this.indexDir = indexDir;
    this.directory = FSDirectory.open(indexDir.resolve(LUCENE));
    this.store = new GenerationStore(indexDir);
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

  /** Opens an index that has published a generation, for reading. */
  public static CorpusIndex openExisting(Path indexDir) {
    Path dir = indexDir.toAbsolutePath().normalize();
    if (!Files.isRegularFile(dir.resolve(GenerationStore.CURRENT))
        || !Files.isDirectory(dir.resolve(LUCENE))) {
      throw new IndexNotFoundException(dir);
    }
    try {
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

  /** Published generations still kept, newest first. */
  public List<GenerationManifest> generations() {
    return store.list();
  }

  /**
   * Serves an older kept generation: one pointer move. Refused while an update holds the write
   * lock, whose publish would otherwise silently override it.
   */
  public GenerationManifest rollback(long generation) {
    ensureOpen();
    try (Lock lock = directory.obtainLock(IndexWriter.WRITE_LOCK_NAME)) {
      GenerationManifest manifest = store.find(generation).orElseThrow(() ->
          new IllegalArgumentException("cannot roll back to generation " + generation
              + ": it is not kept; kept generations: " + store.generationNumbers()));
      commitOf(manifest);
      store.point(generation);
      return manifest;
    } catch (LockObtainFailedException e) {
      throw new IllegalStateException("cannot roll back " + indexDir + " while an update is running ("
          + IndexWriter.WRITE_LOCK_NAME + " is held)", e);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot roll back " + indexDir + " to generation " + generation, e);
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
      generation.get().release();
    }
  }

  /**
   * Starts the one update an index allows at a time (Lucene's {@code write.lock}). The writer opens
   * on the served commit, so an orphan commit of a run that died before publishing is ignored.
   */
  public synchronized IndexUpdate beginUpdate(UpdateOptions options) {
    ensureOpen();
    for (int attempt = 1; ; attempt++) {
      Optional<GenerationManifest> base = store.current();
      IndexWriterConfig config =
          IndexConfig.writerConfig(new PublishedCommitsPolicy(this::keptLuceneGenerations));
      if (base.isPresent()) {
        config.setOpenMode(IndexWriterConfig.OpenMode.APPEND).setIndexCommit(commitOf(base.get()));
      } else {
        config.setOpenMode(IndexWriterConfig.OpenMode.CREATE);
      }
      IndexWriter writer = openWriter(config);
      // CURRENT cannot move while we hold the lock; check it did not move before we took it
      if (store.current().map(GenerationManifest::generation)
          .equals(base.map(GenerationManifest::generation))) {
        // the base generation, for rebuilding chunk documents when vectors are added to them
        ServedGeneration baseGeneration = base(writer);
        activeUpdate = new IndexUpdate(writer, baseGeneration, store, options, this::updateClosed);
        return activeUpdate;
      }
      rollbackQuietly(writer);
      if (attempt == OPEN_ATTEMPTS) {
        throw new IllegalStateException("CURRENT of " + indexDir + " kept moving while an update was "
            + "starting; another process is publishing");
      }
    }
  }

  /**
   * Reuses vectors of the served generation by embedder identity and chunk text hash; open it once per
   * run, close it when done. Empty when nothing is published.
   */
  public VectorLookup vectorLookup() {
    return new VectorLookup(acquireServed().orElse(null));
  }

  /** One lookup on the served generation; see {@link VectorLookup#vectorsFor}. */
  public Map<String, float[]> vectorsFor(EmbedderIdentity identity, Collection<String> chunkTextHashes) {
    try (VectorLookup lookup = vectorLookup()) {
      return lookup.vectorsFor(identity, chunkTextHashes);
    }
  }

  /** A searcher over the served generation; close it to release the generation's files. */
  public CorpusSearcher searcher() {
    return searcher(null);
  }

  /**
   * A searcher whose {@code get} reads items from {@code items} (a dataset's records) instead of the files under
   * the corpus root; null for the files.
   */
  public CorpusSearcher searcher(ItemSource items) {
    ServedGeneration generation = acquireServed().orElseThrow(() -> new IndexNotFoundException(indexDir));
    return new CorpusSearcher(generation, indexDir, items);
  }

  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    ServedGeneration cached = served;
    served = null;
    try {
      // each one is closed even when one before it fails: the first failure is thrown, later ones suppressed
      IOUtils.close(activeUpdate, cached == null ? null : cached::release, directory);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot close " + indexDir, e);
    }
  }

  /** The cached reader of what CURRENT names, reopened when CURRENT moved; the caller releases it. */
  private synchronized Optional<ServedGeneration> acquireServed() {
    ensureOpen();
    Optional<Long> generation = store.currentGeneration();
    if (generation.isEmpty()) {
      return Optional.empty();
    }
    if (served == null || served.manifest().generation() != generation.get()) {
      GenerationManifest manifest = store.read(generation.get());
      ServedGeneration fresh;
      try {
        fresh = new ServedGeneration(manifest, DirectoryReader.open(commitOf(manifest)));
      } catch (IOException e) {
        throw new UncheckedIOException("cannot open generation " + manifest.generation() + " ("
            + manifest.segmentsFileName() + ") of " + indexDir, e);
      }
      if (served != null) {
        served.release();
      }
      served = fresh;
    }
    served.acquire();
    return Optional.of(served);
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
    List<IndexCommit> commits = IndexCommits.list(directory);
    for (IndexCommit commit : commits) {
      if (commit.getGeneration() == manifest.luceneGeneration()) {
        return commit;
      }
    }
    throw new IllegalStateException("generation " + manifest.generation() + " reads Lucene commit "
        + manifest.segmentsFileName() + ", which is no longer in " + indexDir.resolve(LUCENE)
        + "; commits present: "
        + commits.stream().map(IndexCommit::getSegmentsFileName).collect(Collectors.toList()));
  }

  private Set<Long> keptLuceneGenerations() {
    return store.list().stream().map(GenerationManifest::luceneGeneration).collect(Collectors.toSet());
  }

  private IndexWriter openWriter(IndexWriterConfig config) {
    try {
      return new IndexWriter(directory, config);
    } catch (LockObtainFailedException e) {
      throw new IllegalStateException("another update is running on " + indexDir + " ("
          + IndexWriter.WRITE_LOCK_NAME + " is held); one writer at a time", e);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot open the index writer of " + indexDir, e);
    }
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
      throw new IllegalStateException("the index at " + indexDir + " is closed");
    }
  }
}
