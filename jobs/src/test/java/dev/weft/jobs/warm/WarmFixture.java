package dev.weft.jobs.warm;

import dev.weft.jobs.warm.client.RunDir;
import dev.weft.jobs.warm.client.ServerKey;
import dev.weft.jobs.warm.client.ServerStarter;
import dev.weft.jobs.warm.client.WarmClient;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * A real warm server in this JVM on a socket in a temp run directory, and the real client talking to it: what the
 * launcher does, minus the two JVM starts. Tests of other packages run the CLI through it.
 */
public final class WarmFixture implements AutoCloseable {
  /** One call's result, as {@code CliRun} holds a cold one's. */
  public record Result(int exit, String out, String err) {}

  final RunDir runDir;
  final ServerKey key;
  final WarmServer server;

  private WarmFixture(RunDir runDir, ServerKey key, WarmServer server) {
    this.runDir = runDir;
    this.key = key;
    this.server = server;
  }

  /** A server running the CLI's commands, keyed by a stand-in jar under {@code dir}. */
  public static WarmFixture start(Path dir) throws IOException {
    return start(dir, WarmServers::run);
  }

  static WarmFixture start(Path dir, WarmServer.Runner runner) throws IOException {
    RunDir runDir = new RunDir(dir.resolve("run")).create();
    ServerKey key = key(dir);
    WarmServer server = WarmServer.start(key, runDir, Duration.ofMinutes(10), WarmServers.MAX_CLIENTS, runner,
        System::nanoTime, false).orElseThrow();
    return new WarmFixture(runDir, key, server);
  }

  /** The key of this JVM's calls, with a stand-in jar file under {@code dir} (made when missing). */
  static ServerKey key(Path dir) throws IOException {
    Path jar = dir.resolve("weft.jar");
    if (!Files.exists(jar)) {
      Files.writeString(jar, "a stand-in for the fat jar: only its path, mtime and size count");
    }
    return ServerKey.of(jar, System.getProperty("java.home"), Path.of(System.getProperty("user.dir")),
        System.getenv());
  }

  /** Runs {@code args} through the server; a call that fell back to cold fails the test's expectations. */
  public Result run(String... args) {
    return run(runDir, key, (k, d) -> {
      throw new AssertionError("the client tried to start a server although one is running");
    }, args);
  }

  static Result run(RunDir runDir, ServerKey key, ServerStarter starter, String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    try {
      int exit = new WarmClient(runDir, starter, out, err).run(key, List.of(args), false,
          List.of(args).contains("--verbose"));
      return new Result(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void close() {
    server.close();
  }
}
