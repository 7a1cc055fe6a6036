package dev.weft.index;

import java.io.IOException;
import java.nio.file.NoSuchFileException;

/**
 * Where {@code get} reads an item's current bytes, to hand them back or to check a chunk against them: the files
 * under a directory corpus's root (the default), or the records of a dataset, which this module cannot read itself
 * (dataset formats live in {@code transforms}).
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
