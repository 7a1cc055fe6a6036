package dev.weft.transforms.git;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs one git command in a directory with a deadline. Output goes to temporary files rather than pipes, so a
 * large log can neither fill a pipe and stall git nor make us wait past the deadline reading it; a command that
 * outlives the deadline is killed.
 */
final class GitRunner {
  /** What a git command gave: its exit code and output, or why it could not run to the end. */
  record Result(int exit, byte[] out, String err, String failure) {
    boolean ok() {
      return failure == null && exit == 0;
    }

    String text() {
      return new String(out, StandardCharsets.UTF_8);
    }
  }

  private final Path directory;
  private final Duration deadline;

  GitRunner(Path directory, Duration deadline) {
    this.directory = directory;
    this.deadline = deadline;
  }

  Path directory() {
    return directory;
  }

  /** {@code git -C directory -c core.quotePath=false args...}; never throws for git's own failures. */
  Result run(String... args) {
    List<String> command = new ArrayList<>(List.of("git", "-C", directory.toString(), "-c", "core.quotePath=false"));
    command.addAll(List.of(args));
    Path out = null;
    Path err = null;
    try {
      out = Files.createTempFile("weft-git", ".out");
      err = Files.createTempFile("weft-git", ".err");
      Process process;
      try {
        process = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile())
            .redirectInput(ProcessBuilder.Redirect.from(nullDevice())).start();
      } catch (IOException e) {
        return new Result(-1, new byte[0], "", "git is not installed or cannot start (" + e.getMessage() + ")");
      }
      if (!process.waitFor(deadline.toMillis(), TimeUnit.MILLISECONDS)) {
        process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        return new Result(-1, new byte[0], "", "git " + args[0] + " in " + directory + " took longer than "
            + deadline.toSeconds() + " s and was stopped");
      }
      return new Result(process.exitValue(), Files.readAllBytes(out),
          Files.readString(err, StandardCharsets.UTF_8).strip(), null);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot run git " + args[0] + " in " + directory + ": " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while running git " + args[0] + " in " + directory, e);
    } finally {
      deleteQuietly(out);
      deleteQuietly(err);
    }
  }

  private static java.io.File nullDevice() {
    return new java.io.File(System.getProperty("os.name").startsWith("Windows") ? "NUL" : "/dev/null");
  }

  /** Temporary files of ours: one left behind after a failed delete is harmless, and the run's outcome matters more. */
  private static void deleteQuietly(Path file) {
    if (file != null) {
      try {
        Files.deleteIfExists(file);
      } catch (IOException e) {
        file.toFile().deleteOnExit();
      }
    }
  }
}
