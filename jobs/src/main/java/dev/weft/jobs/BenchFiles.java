package dev.weft.jobs;

import org.apache.lucene.util.IOUtils;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Scratch-directory clean-up for the benchmarks. */
final class BenchFiles {
  private BenchFiles() {}

  static void deleteTree(Path dir) {
    // Lucene's IOUtils.rm deletes a tree bottom-up; one implementation for every scratch directory here
    if (!Files.exists(dir)) {
      return;
    }
    try {
      IOUtils.rm(dir);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot delete " + dir, e);
    }
  }
}
