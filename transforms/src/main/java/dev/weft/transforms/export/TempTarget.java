package dev.weft.transforms.export;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/** A hidden temporary file beside a target, renamed over it when complete. */
record TempTarget(Path target, Path temp) {
  static TempTarget of(Path file) {
    Path target = file.toAbsolutePath().normalize();
    Path parent = target.getParent();
    try {
      Files.createDirectories(parent);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create the export directory " + parent, e);
    }
    // a dot name and another suffix: globs such as *.parquet never match a file still being written
    return new TempTarget(target, parent.resolve("." + target.getFileName() + ".inprogress"));
  }

  Path moveIntoPlace() {
    try {
      try {
        Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
      }
      return target;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot move " + temp + " to " + target, e);
    }
  }

  void deleteTemp() {
    try {
      Files.deleteIfExists(temp);
    } catch (IOException e) {
      // nothing to report to: the caller is already failing or abandoning the file
    }
  }
}
