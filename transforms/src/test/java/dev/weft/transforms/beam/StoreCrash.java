package dev.weft.transforms.beam;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A crash halfway through a map, for resume tests: the result store's directory is moved aside and a plain file
 * put in its place, so the next result's write fails and so does the run, while what was stored stays (aside).
 */
public final class StoreCrash {
  private StoreCrash() {}

  /** Moves {@code storeDir} to {@code aside} and puts a file where it was. */
  public static void unwritable(Path storeDir, Path aside) {
    try {
      Files.move(storeDir, aside);
      Files.writeString(storeDir, "not a directory (test)");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Undoes {@link #unwritable}: the stored results are back where they were. */
  public static void restore(Path storeDir, Path aside) {
    try {
      Files.delete(storeDir);
      Files.move(aside, storeDir);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
