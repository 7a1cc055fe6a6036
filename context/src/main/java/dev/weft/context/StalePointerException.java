package dev.weft.context;

/** A {@code get(path, lines)} whose file changed since it was indexed: the pointer no longer holds. */
public final class StalePointerException extends RuntimeException {
  private final String path;

  public StalePointerException(String path, String indexedHash, String currentHash) {
    super("stale pointer: " + path + " changed since it was indexed (indexed hash " + abbreviate(indexedHash)
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
