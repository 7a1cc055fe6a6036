package dev.weft.context;

import java.io.IOException;
import java.nio.file.NoSuchFileException;

/**
 * Where {@code get} reads an item's current bytes, to hand them back or to check a chunk against them: the files
 * under a directory corpus's root, or the records of a dataset (read in {@code transforms}, where dataset formats
 * live). A contract here so the index layer and the ingest core both depend on it without depending on each other.
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
}
