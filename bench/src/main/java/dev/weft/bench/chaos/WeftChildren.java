package dev.weft.bench.chaos;

import dev.weft.context.error.StorageFailureException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Starts {@code weft} commands as child JVMs on the classpath of this one (the fat jar when run as {@code java
 * -jar weft.jar}), each with the suite's private {@code java.io.tmpdir} and {@code WEFT_CACHE_DIR}, its output in files (a full pipe would
 * block the child) and a deadline after which it is killed and reported as hung.
 */
final class WeftChildren {
  // short read commands start faster on C1 alone, as the launcher script runs them
  private static final Set<String> SHORT = Set.of("recall", "get", "stats", "generations", "rollback");

  private final String java;
  private final String classpath;
  private final String mainClass;
  private final Path tmpDir;
  private final Path cacheDir;
  private final Path logDir;
  private final Duration deadline;
  private final AtomicLong sequence = new AtomicLong();
  private final Set<Process> live = ConcurrentHashMap.newKeySet();

  WeftChildren(String mainClass, Path tmpDir, Path cacheDir, Path logDir, Duration deadline) {
    this(Path.of(System.getProperty("java.home"), "bin", "java").toString(), System.getProperty("java.class.path"),
        mainClass, tmpDir, cacheDir, logDir, deadline);
  }

  WeftChildren(String java, String classpath, String mainClass, Path tmpDir, Path cacheDir, Path logDir,
      Duration deadline) {
    this.java = java;
    this.classpath = classpath;
    this.mainClass = mainClass;
    this.tmpDir = tmpDir;
    this.cacheDir = cacheDir;
    this.logDir = logDir;
    this.deadline = deadline;
    // a suite stopped with Ctrl-C or SIGTERM takes its children with it instead of leaving writers running
    Runtime.getRuntime().addShutdownHook(new Thread(() -> live.forEach(Process::destroyForcibly), "chaos-children"));
  }

  /** A started child; {@link Running#await} or {@link Running#killAfter} ends it. */
  final class Running {
    private final List<String> args;
    private final Process process;
    private final Path out;
    private final Path err;
    private final long started = System.nanoTime();

    private Running(List<String> args, Process process, Path out, Path err) {
      this.args = args;
      this.process = process;
      this.out = out;
      this.err = err;
    }

    /** Waits for the exit, at most until the deadline (then kills it and reports a hang). */
    ChildResult await() {
      return end(Long.MAX_VALUE);
    }

    /**
     * Kills it with SIGKILL if it is still running {@code atMillis} after it started; otherwise reports its exit.
     */
    ChildResult killAt(long atMillis) {
      return end(atMillis);
    }

    long elapsedMillis() {
      return (System.nanoTime() - started) / 1_000_000;
    }

    /** Waits up to {@code millis} for the exit without ending it; true when it has exited. */
    boolean waitFor(long millis) {
      try {
        return process.waitFor(millis, TimeUnit.MILLISECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted while waiting for weft " + String.join(" ", args), e);
      }
    }

    private ChildResult end(long killAtMillis) {
      long deadlineMillis = deadline.toMillis();
      boolean killed = false;
      boolean hung = false;
      if (killAtMillis < deadlineMillis && !waitFor(Math.max(0, killAtMillis - elapsedMillis()))) {
        process.destroyForcibly(); // SIGKILL on Unix: no shutdown hooks, no finally blocks
        killed = true;
      }
      if (!waitFor(Math.max(0, deadlineMillis - elapsedMillis()))) {
        process.destroyForcibly();
        hung = true;
      }
      if (!waitFor(deadlineMillis)) {
        throw new IllegalStateException("weft " + String.join(" ", args) + " survived SIGKILL for "
            + deadlineMillis + " ms; kill pid " + process.pid() + " by hand");
      }
      live.remove(process);
      ChildResult result =
          new ChildResult(args, process.exitValue(), killed, hung, read(out), read(err), elapsedMillis());
      if (!result.readerFailed() || killed) {
        // keep the output of failures only: thousands of children run in a suite
        delete(out);
        delete(err);
      }
      return result;
    }
  }

  Running start(List<String> args) {
    List<String> command = new ArrayList<>(List.of(java, "-Djava.io.tmpdir=" + tmpDir, "-Xss2m"));
    if (!args.isEmpty() && SHORT.contains(args.get(0))) {
      command.addAll(List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"));
    }
    command.addAll(List.of("-cp", classpath, mainClass));
    command.addAll(args);
    long n = sequence.incrementAndGet();
    Path out = logDir.resolve(n + "-" + (args.isEmpty() ? "weft" : args.get(0)) + ".out");
    Path err = out.resolveSibling(n + "-" + (args.isEmpty() ? "weft" : args.get(0)) + ".err");
    try {
      ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
      // Weft's per-user cache (unpacked native libraries) inside the work dir: the suite never touches the user's,
      // and what killed children leave in it is found by the leak scan
      builder.environment().put("WEFT_CACHE_DIR", cacheDir.toString());
      Process process = builder.start();
      live.add(process);
      return new Running(args, process, out, err);
    } catch (IOException e) {
      throw new StorageFailureException(logDir, "cannot start " + java + " for weft " + String.join(" ", args)
          + "; check that the JDK is installed and " + logDir + " is writable", e);
    }
  }

  ChildResult run(List<String> args) {
    return start(args).await();
  }

  private static String read(Path file) {
    try {
      return Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new StorageFailureException(file, "cannot read the child output " + file + "; check the work directory", e);
    }
  }

  private static void delete(Path file) {
    try {
      Files.deleteIfExists(file);
    } catch (IOException e) {
      throw new StorageFailureException(file, "cannot delete the child output " + file + "; check the work directory", e);
    }
  }
}
