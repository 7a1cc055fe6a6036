package dev.weft.bench;

import dev.weft.context.ScratchDirs;
import dev.weft.context.error.StorageFailureException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * Where a bench runs: the directory the user gave ({@code --work}, never deleted) or a temporary one. A scratch
 * directory is deleted after the run whatever its outcome; an evidence directory (the chaos suite's: corpus, index,
 * the children's output) is deleted only after a clean run and otherwise kept and named.
 */
public final class WorkDir {
  private final Path path;
  private final boolean temporary;
  private final boolean evidence;

  private WorkDir(Path path, boolean temporary, boolean evidence) {
    this.path = path;
    this.temporary = temporary;
    this.evidence = evidence;
  }

  /** {@code given} (created when absent), or a temporary directory named {@code prefix}... deleted after the run. */
  public static WorkDir scratch(Path given, String prefix) {
    if (given == null) {
      return new WorkDir(ScratchDirs.create(prefix), true, false);
    }
    Path dir = given.toAbsolutePath().normalize();
    try {
      return new WorkDir(Files.createDirectories(dir), false, false);
    } catch (IOException e) {
      throw new StorageFailureException(dir, "cannot create the work directory " + dir + ": " + e
          + "; give --work a directory you can write, or leave it out for a temporary one", e);
    }
  }

  /**
   * {@code given}, which must be empty or absent (the run's evidence must not mix with what is there), or a
   * temporary directory kept when the run is not clean.
   */
  public static WorkDir evidence(Path given, String prefix) {
    if (given == null) {
      return new WorkDir(ScratchDirs.create(prefix), true, true);
    }
    Path dir = given.toAbsolutePath().normalize();
    if (Files.isDirectory(dir)) {
      try (Stream<Path> entries = Files.list(dir)) {
        if (entries.findAny().isPresent()) {
          throw new IllegalArgumentException("--work must be an empty or absent directory, got: " + dir);
        }
      } catch (IOException e) {
        throw new StorageFailureException(dir, "cannot list the work directory " + dir + ": " + e
            + "; give --work an empty directory you can read, or leave it out", e);
      }
    }
    return new WorkDir(dir, false, true);
  }

  public Path path() {
    return path;
  }

  /** Runs {@code bench} here, then deletes or keeps this directory as its kind says; returns the bench's exit code. */
  public int run(Bench bench, PrintWriter out) throws Exception {
    boolean clean = false;
    try {
      Files.createDirectories(path);
      int exit = bench.run(path, out);
      clean = exit == 0;
      return exit;
    } finally {
      if (temporary && (clean || !evidence)) {
        ScratchDirs.deleteOrFail(path);
      } else if (evidence) {
        out.println(bench.name() + ": work directory kept: " + path);
        out.flush();
      }
    }
  }
}
