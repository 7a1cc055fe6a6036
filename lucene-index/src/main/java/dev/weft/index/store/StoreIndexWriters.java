package dev.weft.index.store;

import dev.weft.context.error.IndexBusyException;
import dev.weft.context.error.ReadOnlyStoreException;
import dev.weft.index.LockWait;
import dev.weft.index.SharedVectors;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.file.FileSystemException;
import java.nio.file.Path;
import java.time.Duration;
import org.apache.lucene.codecs.Codec;
import org.apache.lucene.codecs.KnnVectorsFormat;
import org.apache.lucene.codecs.lucene912.Lucene912Codec;
import org.apache.lucene.index.CorruptIndexException;
import org.apache.lucene.index.IndexFormatTooOldException;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.store.Lock;
import org.apache.lucene.store.LockObtainFailedException;

/** How a {@link StoreWriter} opens its {@link IndexWriter}: the store's codec and policies, the lock wait. */
final class StoreIndexWriters {
  /** Stored values are small and read often: Lucene's fast mode; vectors in the corpus index's wide format. */
  private static final Codec CODEC = new Lucene912Codec() {
    private final KnnVectorsFormat vectors = SharedVectors.format();

    @Override
    public KnnVectorsFormat getKnnVectorsFormatForField(String field) {
      return vectors;
    }
  };

  private StoreIndexWriters() {}

  /**
   * A writer of the store in {@code dir}, waiting up to {@code lockWait} for the write lock.
   *
   * @throws IndexBusyException when another process holds the lock past the wait
   * @throws ReadOnlyStoreException when the lock cannot be taken for any other reason (a read-only store)
   */
  static IndexWriter open(Path dir, StoreDirectory stack, Duration lockWait) throws IOException {
    try {
      try {
        return LockWait.of(lockWait).call(() -> new IndexWriter(stack.top(), config()));
      } catch (CorruptIndexException | IndexFormatTooOldException e) {
        // another process crashed between its newest commit point's rename and fsync: the commit before it
        if (!TornCommitPoint.setAsideIfTorn(stack, lockWait)) {
          throw e;
        }
        return LockWait.of(lockWait).call(() -> new IndexWriter(stack.top(), config()));
      }
    } catch (LockObtainFailedException e) {
      throw new IndexBusyException("cannot write the store " + dir + " (waited " + lockWait.toMillis() + " ms)",
          dir.resolve(IndexWriter.WRITE_LOCK_NAME), e);
    } catch (InterruptedIOException e) {
      throw e;
    } catch (IOException e) {
      if (lockRefused(stack)) {
        throw new ReadOnlyStoreException(dir, "cannot write the store " + dir + ": its write lock cannot be taken ("
            + e.getMessage() + "), so the store is read-only (a read-only mount, or no write permission); nothing "
            + "was written — make " + dir + " writable, then retry", e);
      }
      throw e;
    }
  }

  /**
   * Whether the write lock cannot be taken for any reason but another holder: a writer that failed to open
   * fails for that reason too then (Lucene takes the lock first), and no writer can ever run in this store.
   * Asked only after a failed open, so a store that writes pays nothing.
   */
  private static boolean lockRefused(StoreDirectory stack) {
    try (Lock probe = stack.top().obtainLock(IndexWriter.WRITE_LOCK_NAME)) {
      return false;
    } catch (LockObtainFailedException e) {
      return false; // held by another: the failure was something else
    } catch (FileSystemException e) {
      // the OS refused the lock file (EROFS, EACCES, or no lock file and none may be created)
      return true;
    } catch (IOException e) {
      return false; // the journal read with the lock failed: damage, which the open's own failure names
    }
  }

  /** A writer's config for a segment built apart and added to the store ({@link FoldAhead}): the same codec. */
  static IndexWriterConfig segmentConfig() {
    IndexWriterConfig config = new IndexWriterConfig(StoreDocuments.ANALYZER);
    config.setCodec(CODEC);
    config.setOpenMode(IndexWriterConfig.OpenMode.CREATE);
    return config;
  }

  private static IndexWriterConfig config() {
    IndexWriterConfig config = new IndexWriterConfig(StoreDocuments.ANALYZER);
    config.setCodec(CODEC);
    config.setOpenMode(IndexWriterConfig.OpenMode.CREATE_OR_APPEND);
    // the newest commit point is fsynced after its rename: the one before, and the log chains, stay
    config.setIndexDeletionPolicy(new KeepPreviousCommit());
    // every group commits before anything is acknowledged; closing only lets running merges finish and land
    config.setCommitOnClose(true);
    return config;
  }
}
