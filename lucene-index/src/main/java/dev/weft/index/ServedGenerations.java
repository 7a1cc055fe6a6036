package dev.weft.index;

import dev.weft.context.error.IndexBusyException;
import dev.weft.context.error.IndexDamagedException;
import dev.weft.context.generation.GenerationManifest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Optional;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexCommit;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.search.ReferenceManager;
import org.apache.lucene.store.Directory;

/**
 * The generation {@code CURRENT} names, served through Lucene's {@link ReferenceManager}: {@code acquire} hands out
 * the current one (counted on its reader), {@code release} gives it back, and a refresh reopens when {@code CURRENT}
 * names another generation. The reopen is {@link DirectoryReader#openIfChanged(DirectoryReader, IndexCommit)} on the
 * commit the new manifest names, so segments both generations hold are shared, not opened twice; a holder of the old
 * generation keeps reading it until it releases.
 *
 * <p>A publish may prune the generation being opened (its manifest or its commit) between reading {@code CURRENT}
 * and opening: when {@code CURRENT} moved meanwhile the open is retried on the new one, a bounded number of times,
 * so a pruned commit never reaches a user. When {@code CURRENT} still names what cannot be opened, that is damage,
 * named by file. A refresh that fails keeps the generation served before it.
 */
final class ServedGenerations extends ReferenceManager<ServedGeneration> {
  static final int OPEN_ATTEMPTS = 5;

  private final GenerationStore store;
  private final Directory directory;
  private final Runnable beforeOpening;

  private ServedGenerations(GenerationStore store, Directory directory, Runnable beforeOpening) {
    this.store = store;
    this.directory = directory;
    this.beforeOpening = beforeOpening;
    this.current = openCurrent(null).orElse(null);
  }

  /**
   * Opens what {@code CURRENT} names; empty when nothing was published yet (Lucene's manager needs a reference from
   * the start, so it exists only once there is one).
   *
   * @param beforeOpening runs after {@code CURRENT} and its manifest were read and before the commit is opened;
   *     tests use it to publish (and prune) at the worst moment
   * @throws IndexDamagedException when the generation {@code CURRENT} names cannot be opened
   */
  static Optional<ServedGenerations> open(GenerationStore store, Directory directory, Runnable beforeOpening) {
    ServedGenerations served = new ServedGenerations(store, directory, beforeOpening);
    return Optional.ofNullable(served.current == null ? null : served);
  }

  /**
   * The commit a generation reads, from its own segments file alone, once its label says it was made for that
   * generation: a segments file of the same name written by a later run (the name of a lost commit reused) holds
   * other documents and must not be served as this generation.
   */
  static IndexCommit commitOf(Directory directory, GenerationStore store, GenerationManifest manifest) {
    IndexCommit commit;
    try {
      commit = IndexCommits.of(directory, manifest.segmentsFileName());
    } catch (IOException e) {
      throw IndexDamage.of(luceneDir(store), "generation " + manifest.generation() + " reads the Lucene commit "
          + manifest.segmentsFileName() + ", which cannot be read", e, store.wayOut(manifest.generation()));
    }
    long label = IndexCommits.weftGeneration(commit);
    if (label >= 0 && label != manifest.generation()) {
      Path file = luceneDir(store).resolve(manifest.segmentsFileName());
      throw new IndexDamagedException(file, "generation " + manifest.generation() + " reads the Lucene commit "
          + file + ", which was written for generation " + label + " (generation " + manifest.generation()
          + "'s own commit is lost); " + store.wayOut(manifest.generation()), null);
    }
    return commit;
  }

  /** Another reference to a generation the caller holds (and still holds): released like an acquired one. */
  ServedGeneration share(ServedGeneration held) {
    held.reader().incRef();
    return held;
  }

  /** {@link #release} for callers that cannot throw a checked exception. */
  void releaseUnchecked(ServedGeneration generation) {
    try {
      release(generation);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot close the reader of generation " + generation.number() + " of "
          + store.index(), e);
    }
  }

  @Override
  protected void decRef(ServedGeneration generation) throws IOException {
    generation.reader().decRef();
  }

  @Override
  protected boolean tryIncRef(ServedGeneration generation) {
    return generation.reader().tryIncRef();
  }

  @Override
  protected int getRefCount(ServedGeneration generation) {
    return generation.reader().getRefCount();
  }

  /** Null while {@code CURRENT} names the served generation: nothing to do. */
  @Override
  protected ServedGeneration refreshIfNeeded(ServedGeneration served) {
    return openCurrent(served).orElse(null);
  }

  /**
   * What {@code CURRENT} names, opened from {@code previous} when there is one; empty when it names {@code previous}
   * or, with none, when nothing was published.
   */
  private Optional<ServedGeneration> openCurrent(ServedGeneration previous) {
    for (int attempt = 1; ; attempt++) {
      Optional<Long> generation = store.currentGeneration();
      if (generation.isEmpty()) {
        if (previous == null) {
          return Optional.empty();
        }
        // CURRENT and every manifest are gone from under a served generation: the index is no longer there
        throw new IndexNotFoundException(store.index());
      }
      if (previous != null && previous.number() == generation.get()) {
        return Optional.empty();
      }
      try {
        return Optional.of(open(generation.get(), previous));
      } catch (IndexDamagedException e) {
        if (store.currentNumber().equals(generation)) {
          throw e; // CURRENT still names it: the damage is real
        }
        if (attempt == OPEN_ATTEMPTS) {
          throw new IndexBusyException("cannot open the served generation: CURRENT moved " + attempt
              + " times while opening on " + store.index(), luceneDir(store).resolve(IndexWriter.WRITE_LOCK_NAME), e);
        }
      }
    }
  }

  private ServedGeneration open(long generation, ServedGeneration previous) {
    GenerationManifest manifest = store.read(generation);
    beforeOpening.run();
    IndexCommit commit = commitOf(directory, store, manifest);
    try {
      if (previous == null) {
        return new ServedGeneration(manifest, DirectoryReader.open(commit));
      }
      DirectoryReader reader = DirectoryReader.openIfChanged(previous.reader(), commit);
      // null: another manifest naming the very commit already open, which is then shared
      return new ServedGeneration(manifest, reader != null ? reader : share(previous).reader());
    } catch (IOException e) {
      throw IndexDamage.of(luceneDir(store), "cannot open generation " + generation + " ("
          + manifest.segmentsFileName() + ") of " + store.index(), e, store.wayOut(generation));
    }
  }

  private static Path luceneDir(GenerationStore store) {
    return store.index().resolve(CorpusIndex.LUCENE);
  }
}
