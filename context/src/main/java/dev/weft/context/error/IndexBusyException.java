package dev.weft.context.error;

import java.nio.file.Path;

/** Another run holds the write lock of an index: exit {@link ExitStatus#BUSY}, naming the lock file. */
public final class IndexBusyException extends WeftException {
  private final transient Path lockFile;

  public IndexBusyException(String what, Path lockFile, Throwable cause) {
    super(ExitStatus.BUSY, what + ": another run holds " + lockFile
        + "; wait for it to finish (or pass --wait SECONDS), then retry", cause);
    this.lockFile = lockFile;
  }

  public Path lockFile() {
    return lockFile;
  }
}
