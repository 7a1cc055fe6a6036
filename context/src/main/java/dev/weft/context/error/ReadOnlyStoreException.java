package dev.weft.context.error;

import java.nio.file.Path;

/**
 * A write to a store whose write lock cannot be taken for any reason but another holder: a read-only mount, or no
 * write permission. Exit {@link ExitStatus#IO_FAILURE}, as any refused write. Its own type so that what only
 * records usage beside a read (the memory's recall log) can tell "this store is read-only" from a failing disk.
 */
public final class ReadOnlyStoreException extends WeftException {
  private final transient Path dir;

  public ReadOnlyStoreException(Path dir, String message, Throwable cause) {
    super(ExitStatus.IO_FAILURE, message, cause);
    this.dir = dir;
  }

  /** The store's directory. */
  public Path dir() {
    return dir;
  }
}
