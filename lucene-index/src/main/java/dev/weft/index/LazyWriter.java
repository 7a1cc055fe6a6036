package dev.weft.index;

import java.io.Closeable;
import java.io.IOException;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FilterDirectory;
import org.apache.lucene.store.Lock;
import org.apache.lucene.util.IOUtils;

/**
 * The writer of an update, built on its first write under the write lock the update took when it began: a pass that
 * plans no change never builds one (opening and rolling back a writer was a tenth of a no-op pass). Lucene's writer
 * takes {@code write.lock} itself, so it is handed the lock already held, through a directory whose
 * {@code obtainLock} returns it: the lock is never let go between the plan and the writes, and a rollback or another
 * run is refused as busy from the update's start to its close, writer or not.
 */
final class LazyWriter implements Closeable {
  /** Builds the writer on {@code lockHeld}, the directory that hands it the held lock. */
  interface Opener {
    IndexWriter open(Directory lockHeld);
  }

  private final Directory lockHeld;
  private final Lock lock;
  private final Opener opener;
  private volatile IndexWriter writer;

  /** @param lock the write lock of {@code directory}, held by the caller and released by {@link #close} */
  LazyWriter(Directory directory, Lock lock, Opener opener) {
    this.lockHeld = new HeldLockDirectory(directory, lock);
    this.lock = lock;
    this.opener = opener;
  }

  /** The writer, built now if this is the first call. */
  IndexWriter get() {
    IndexWriter opened = writer;
    if (opened == null) {
      synchronized (this) {
        if (writer == null) {
          writer = opener.open(lockHeld);
        }
        opened = writer;
      }
    }
    return opened;
  }

  /** The writer if one was built, else null: nothing to flush or count. */
  IndexWriter ifOpen() {
    return writer;
  }

  /** Whether a writer was built: a no-op pass never builds one. */
  boolean isOpen() {
    return writer != null;
  }

  /** Rolls back the writer, if one was built, then releases the write lock, even when the rollback fails. */
  @Override
  public synchronized void close() throws IOException {
    IndexWriter opened = writer;
    IOUtils.close(opened == null ? null : opened::rollback, lock);
  }

  /** The index directory, handing out the held write lock instead of taking it a second time (which would fail). */
  private static final class HeldLockDirectory extends FilterDirectory {
    private final Lock held;

    HeldLockDirectory(Directory directory, Lock held) {
      super(directory);
      this.held = held;
    }

    @Override
    public Lock obtainLock(String name) throws IOException {
      if (!IndexWriter.WRITE_LOCK_NAME.equals(name)) {
        return super.obtainLock(name);
      }
      return new Lock() {
        @Override
        public void close() {
          // the writer's rollback closes its lock: the update releases the held one after it (LazyWriter#close)
        }

        @Override
        public void ensureValid() throws IOException {
          held.ensureValid();
        }
      };
    }
  }
}
