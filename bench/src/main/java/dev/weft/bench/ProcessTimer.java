package dev.weft.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** Times whole {@code weft} processes started through the launcher script, as a user runs them. */
final class ProcessTimer {
  private final Path launcher;

  private ProcessTimer(Path launcher) {
    this.launcher = launcher;
  }

  /** The launcher that started this JVM ({@code -Dweft.launcher}), or null when run some other way. */
  static ProcessTimer forLauncher() {
    String path = System.getProperty("weft.launcher");
    return path == null || !Files.isExecutable(Path.of(path)) ? null : new ProcessTimer(Path.of(path));
  }

  /** Whether the launcher beside which this runs has its native warm client (docs/cli.md, "Warm server"). */
  boolean nativeClientBuilt() {
    Path dir = launcher.toAbsolutePath().getParent();
    return dir != null && Files.isExecutable(dir.resolve("jobs/target/weft-client"));
  }

  long time(String... args) {
    return time(Map.of(), args);
  }

  /** The wall time of one whole process, with {@code env} added to this JVM's environment. */
  long time(Map<String, String> env, String... args) {
    return run(env, ProcessBuilder.Redirect.DISCARD, args);
  }

  /** What one process prints on stderr (the warm server's client says there whether it ran cold). */
  String stderr(Map<String, String> env, Path file, String... args) throws IOException {
    run(env, ProcessBuilder.Redirect.to(file.toFile()), args);
    return Files.readString(file);
  }

  private long run(Map<String, String> env, ProcessBuilder.Redirect err, String... args) {
    List<String> command = new ArrayList<>();
    command.add(launcher.toString());
    command.addAll(List.of(args));
    long t0 = System.nanoTime();
    try {
      ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD)
          .redirectError(err);
      builder.environment().putAll(env);
      Process process = builder.start();
      if (!process.waitFor(10, TimeUnit.MINUTES)) {
        process.destroyForcibly();
        throw new IllegalStateException("weft " + String.join(" ", args) + " did not finish in 10 minutes");
      }
      int exit = process.exitValue();
      if (exit > 1) {
        throw new IllegalStateException("weft " + String.join(" ", args) + " exited " + exit);
      }
    } catch (IOException e) {
      throw new IllegalStateException("cannot start " + launcher, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
    return System.nanoTime() - t0;
  }
}
