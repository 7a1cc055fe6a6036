package dev.weft.context;

import dev.weft.context.error.ExitStatus;
import dev.weft.context.error.WeftException;

/** A {@code get(path, lines)} whose file changed since it was indexed: the pointer no longer holds. */
public final class StalePointerException extends WeftException {
  private final String path;

  public StalePointerException(String path, String indexedHash, String currentHash) {
    super(ExitStatus.NOTHING_FOUND, "stale pointer: " + path + " changed since it was indexed (indexed hash " + abbreviate(indexedHash)
        + ", now " + abbreviate(currentHash) + "); re-run `weft index` and recall again to get fresh lines");
    this.path = path;
  }

  public String path() {
    return path;
  }

  private static String abbreviate(String hash) {
    return hash == null ? "none" : hash.substring(0, Math.min(12, hash.length()));
  }
}
