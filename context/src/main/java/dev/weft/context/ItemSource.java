package dev.weft.context;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.NoSuchFileException;

/**
 * Where {@code get} reads an item's current bytes, to hand them back or to check a chunk against them: the files
 * under a directory corpus's root, or the records of a dataset (both in {@code transforms}, the ingest core). A
 * contract here so the index layer and the ingest core both depend on it without depending on each other: the index
 * layer never reads an item itself.
 */
@FunctionalInterface
public interface ItemSource {
  /**
   * The item's bytes as they are now, exactly the bytes its content hash was taken of.
   *
   * @throws NoSuchFileException when the item is gone from the source (a stale pointer)
   * @throws IllegalArgumentException when the path cannot name an item of this source
   */
  byte[] read(String path) throws IOException;

  /**
   * The path as the index names the item, or a refusal before the index is searched for it when the path can never
   * name an item of this source (a tree refuses paths that climb out of its root, and maps an absolute path inside
   * it to its root-relative form), so the answer says what is wrong with the path rather than that it is not
   * indexed. {@link #read} refuses such paths too; by default every path passes as it is.
   *
   * @throws IllegalArgumentException naming the path and what it must be
   */
  default String itemPath(String path) {
    return path;
  }

  /**
   * The item's bytes as they are now, whatever they hash to: the caller asked for the item, not for a chunk of it.
   *
   * @param indexedHash the content hash the index holds for it, named when the item is gone
   * @throws StalePointerException when the item is gone from the source
   */
  default byte[] readCurrent(String path, String indexedHash) {
    try {
      return read(path);
    } catch (NoSuchFileException e) {
      throw new StalePointerException(path, indexedHash, null);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read item " + path + ": " + e, e);
    }
  }

  /**
   * The item's bytes only while they are the bytes it was indexed from: a chunk read from the index is exact only
   * then, so a drifted item is refused rather than served with lines that no longer hold.
   *
   * @param indexedHash the content hash the index holds for it ({@link ContentHash})
   * @throws StalePointerException when the item changed or is gone
   */
  default byte[] readIndexed(String path, String indexedHash) {
    byte[] bytes = readCurrent(path, indexedHash);
    String currentHash = ContentHash.of(bytes);
    if (!currentHash.equals(indexedHash)) {
      throw new StalePointerException(path, indexedHash, currentHash);
    }
    return bytes;
  }
}
