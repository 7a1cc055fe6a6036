package dev.weft.context.error;

import java.nio.file.Path;

/**
 * The operating system refused a read or a write Weft needed (disk full, permission denied, an I/O error):
 * exit {@link ExitStatus#IO_FAILURE}. Nothing half-written is served; the message names the file and what to do.
 */
public final class StorageFailureException extends WeftException {
  private final transient Path file;

  public StorageFailureException(Path file, String message, Throwable cause) {
    super(ExitStatus.IO_FAILURE, message, cause);
    this.file = file;
  }

  public Path file() {
    return file;
  }
}
