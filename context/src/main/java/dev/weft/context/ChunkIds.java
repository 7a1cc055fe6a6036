package dev.weft.context;

/** Deterministic chunk ids: {@code <path>#<ordinal>}, so a retry replaces rather than duplicates. */
public final class ChunkIds {
  private ChunkIds() {}

  public static String of(String path, int ordinal) {
    if (ordinal < 0) {
      throw new IllegalArgumentException("chunk ordinal must be at least 0, got: " + ordinal);
    }
    return path + "#" + ordinal;
  }
}
