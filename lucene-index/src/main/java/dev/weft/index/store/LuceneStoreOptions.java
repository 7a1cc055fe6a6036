package dev.weft.index.store;

import java.time.Duration;
import java.util.Objects;

/**
 * How a {@link LuceneStore} shares its directory with other processes.
 *
 * @param lockWait how long a write waits for another process's {@code write.lock} before refusing as busy (zero:
 *     one try)
 * @param writerIdle how long the writer, and so the lock, is kept after the last write before it is closed: a
 *     burst of writes pays one writer open, and other processes get the lock once this process has not written
 *     for that long. Zero closes it after every commit (docs/ledger.md, "Commits, locks and group commit").
 */
public record LuceneStoreOptions(Duration lockWait, Duration writerIdle) {
  public static final Duration DEFAULT_LOCK_WAIT = Duration.ofSeconds(10);
  public static final Duration DEFAULT_WRITER_IDLE = Duration.ofMillis(250);

  public LuceneStoreOptions {
    Objects.requireNonNull(lockWait, "lockWait");
    Objects.requireNonNull(writerIdle, "writerIdle");
    if (lockWait.isNegative()) {
      throw new IllegalArgumentException("the lock wait must not be negative, got: " + lockWait);
    }
    if (writerIdle.isNegative()) {
      throw new IllegalArgumentException("the writer idle time must not be negative, got: " + writerIdle);
    }
  }

  public static LuceneStoreOptions defaults() {
    return new LuceneStoreOptions(DEFAULT_LOCK_WAIT, DEFAULT_WRITER_IDLE);
  }

  public LuceneStoreOptions withLockWait(Duration wait) {
    return new LuceneStoreOptions(wait, writerIdle);
  }

  public LuceneStoreOptions withWriterIdle(Duration idle) {
    return new LuceneStoreOptions(lockWait, idle);
  }
}
