package dev.weft.context;

import dev.weft.context.error.StorageFailureException;
import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * Scratch directories (Beam staging, eval and bench indexes, unpacked natives): made fresh, deleted whole. The one
 * recursive delete: bottom-up, never following a symbolic link out of the tree (the link itself is deleted).
 */
public final class ScratchDirs {
  private ScratchDirs() {}

  /** A new, empty directory under the system's temporary directory, named {@code prefix} plus a random part. */
  public static Path create(String prefix) {
    try {
      return Files.createTempDirectory(prefix);
    } catch (IOException e) {
      Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
      throw new StorageFailureException(tmp, "cannot create a scratch directory " + prefix + "* in " + tmp + ": "
          + e + "; free space or fix permissions there (or set -Djava.io.tmpdir), then rerun", e);
    }
  }

  /**
   * Deletes {@code dir} and everything under it; nothing when it does not exist.
   *
   * @throws IOException from the first entry that could not be deleted (what was deleted before it stays deleted)
   */
  public static void delete(Path dir) throws IOException {
    if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
      return;
    }
    Files.walkFileTree(dir, new SimpleFileVisitor<>() {
      @Override
      public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
        deleteIfExists(file);
        return FileVisitResult.CONTINUE;
      }

      @Override
      public FileVisitResult visitFileFailed(Path file, IOException e) throws IOException {
        if (e instanceof NoSuchFileException) {
          return FileVisitResult.CONTINUE; // gone since it was listed: that is what we wanted
        }
        throw e;
      }

      @Override
      public FileVisitResult postVisitDirectory(Path directory, IOException e) throws IOException {
        if (e != null && !(e instanceof NoSuchFileException)) {
          throw e;
        }
        deleteIfExists(directory);
        return FileVisitResult.CONTINUE;
      }
    });
  }

  /**
   * As {@link #delete}, for callers with no better way out than the user's: a failure is a
   * {@link StorageFailureException} naming the directory.
   */
  public static void deleteOrFail(Path dir) {
    try {
      delete(dir);
    } catch (IOException e) {
      throw new StorageFailureException(dir, "cannot delete the scratch directory " + dir + ": " + e
          + "; delete it by hand (no run is using it), then rerun", e);
    }
  }

  private static void deleteIfExists(Path path) throws IOException {
    Files.deleteIfExists(path);
  }
}
