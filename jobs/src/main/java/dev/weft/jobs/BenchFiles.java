package dev.weft.jobs;

import dev.weft.context.ScratchDirs;
import java.nio.file.Path;

/** Scratch-directory clean-up for the benchmarks. */
final class BenchFiles {
  private BenchFiles() {}

  static void deleteTree(Path dir) {
    ScratchDirs.deleteOrFail(dir);
  }
}
