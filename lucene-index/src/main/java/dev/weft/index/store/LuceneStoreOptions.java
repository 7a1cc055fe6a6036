package dev.weft.index.store;

import java.time.Duration;
import java.util.Objects;

/**
 * How a {@link LuceneStore} shares its directory with other processes.
 *
 * @param lockWait how long a write waits for another process's {@code write.lock} before refusing as busy (zero:
 *     one try)
 * @param holdWriter keep the writer, and so the lock, from the first write until {@link LuceneStore#close}: saves
 *     opening a writer per commit, but every other process waits for this one to close. Off by default
 *     (docs/ledger.md, "Commits, locks and group commit").
 */
public record LuceneStoreOptions(Duration lockWait, boolean holdWriter) {
  public static final Duration DEFAULT_LOCK_WAIT = Duration.ofSeconds(10);

  public LuceneStoreOptions {
    Objects.requireNonNull(lockWait, "lockWait");
    if (lockWait.isNegative()) {
      throw new IllegalArgumentException("the lock wait must not be negative, got: " + lockWait);
    }
  }

  public static LuceneStoreOptions defaults() {
    return new LuceneStoreOptions(DEFAULT_LOCK_WAIT, false);
  }

  public LuceneStoreOptions withLockWait(Duration wait) {
    return new LuceneStoreOptions(wait, holdWriter);
  }

  public LuceneStoreOptions withHoldWriter(boolean hold) {
    return new LuceneStoreOptions(lockWait, hold);
  }
}
