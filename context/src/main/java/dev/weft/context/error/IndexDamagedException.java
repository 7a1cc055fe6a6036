package dev.weft.context.error;

import java.nio.file.Path;

/**
 * A file of an index is missing, truncated or unreadable: exit {@link ExitStatus#DAMAGED}. The message names the file
 * and the way out ({@code weft rollback N}, {@code weft index --rebuild}, {@code weft check}).
 */
public final class IndexDamagedException extends WeftException {
  private final transient Path file;

  public IndexDamagedException(Path file, String message, Throwable cause) {
    super(ExitStatus.DAMAGED, message, cause);
    this.file = file;
  }

  public Path file() {
    return file;
  }
}
