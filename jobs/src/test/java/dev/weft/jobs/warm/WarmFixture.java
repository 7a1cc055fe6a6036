package dev.weft.jobs.warm;

import dev.weft.api.WeftCache;
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
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

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
  /** The indexes the server keeps open between calls, as {@code weft serve} does; closed with the fixture. */
  final WeftCache cache;
  /** The native client the calls go through, or null for the JVM client ({@link WarmClient}). */
  final NativeClient nativeClient;

  private WarmFixture(RunDir runDir, ServerKey key, WarmServer server, WeftCache cache, NativeClient nativeClient) {
    this.runDir = runDir;
    this.key = key;
    this.server = server;
    this.cache = cache;
    this.nativeClient = nativeClient;
  }

  /** A server running the CLI's commands, keyed by a stand-in jar under {@code dir}. */
  public static WarmFixture start(Path dir) throws IOException {
    WeftCache cache = WeftCache.create();
    return start(dir, WarmServers.runner(cache), cache, null, WarmServer.HEARTBEAT);
  }

  /** The same server, its calls made by the native client ({@link NativeClient}) as the launcher makes them. */
  public static WarmFixture startNative(Path dir) throws IOException {
    WeftCache cache = WeftCache.create();
    return start(dir, WarmServers.runner(cache), cache, NativeClient.of(), WarmServer.HEARTBEAT);
  }

  static WarmFixture start(Path dir, WarmServer.Runner runner) throws IOException {
    return start(dir, runner, WeftCache.create(), null, WarmServer.HEARTBEAT);
  }

  static WarmFixture startNative(Path dir, WarmServer.Runner runner, NativeClient client) throws IOException {
    return start(dir, runner, WeftCache.create(), client, WarmServer.HEARTBEAT);
  }

  /**
   * A server that sends no heartbeat (as one stopped with {@code kill -STOP} sends none) while its commands run
   * {@code runner}; its calls made by {@code client}, or the JVM client when null.
   */
  static WarmFixture startSilent(Path dir, WarmServer.Runner runner, WeftCache cache, NativeClient client)
      throws IOException {
    return start(dir, runner, cache, client, Duration.ofDays(1));
  }

  private static WarmFixture start(Path dir, WarmServer.Runner runner, WeftCache cache, NativeClient nativeClient,
      Duration heartbeat) throws IOException {
    RunDir runDir = new RunDir(dir.resolve("run")).create();
    ServerKey key = nativeClient == null ? key(dir) : nativeClient.key(standIn(dir));
    WarmServer server = WarmServer.start(key, runDir, Duration.ofMinutes(10), WarmServers.MAX_CLIENTS, runner,
        heartbeat, System::nanoTime, false).orElseThrow();
    NativeClient calls = nativeClient == null ? null : nativeClient.with("WEFT_RUN_DIR", runDir.dir().toString());
    return new WarmFixture(runDir, key, server, cache, calls);
  }

  /** How many indexes the server holds open now. */
  public int heldIndexes() {
    return cache.size();
  }

  /** The key of this JVM's calls, with a stand-in jar file under {@code dir} (made when missing). */
  /**
   * A runner whose every command waits until {@code clients} commands are running at once, then runs {@code then}:
   * a server that served one command at a time would never get there (exit 9 after 30 s; 8 when interrupted).
   */
  static WarmServer.Runner allAtOnce(int clients, WarmServer.Runner then) {
    CountDownLatch allInside = new CountDownLatch(clients);
    return (request, out, err) -> {
      allInside.countDown();
      try {
        if (!allInside.await(30, TimeUnit.SECONDS)) {
          return 9;
        }
      } catch (InterruptedException e) {
        return 8;
      }
      return then.run(request, out, err);
    };
  }

  static ServerKey key(Path dir) throws IOException {
    return ServerKey.of(standIn(dir), System.getProperty("java.home"), Path.of(System.getProperty("user.dir")),
        System.getenv());
  }

  /** A stand-in for the fat jar under {@code dir} (made when missing): only its path, mtime and size count. */
  static Path standIn(Path dir) throws IOException {
    Path jar = dir.resolve("weft.jar");
    if (!Files.exists(jar)) {
      Files.writeString(jar, "a stand-in for the fat jar: only its path, mtime and size count");
    }
    return jar;
  }

  /** Runs {@code args} through the server; a call that fell back to cold fails the test's expectations. */
  public Result run(String... args) {
    if (nativeClient != null) {
      return nativeClient.run(List.of(), Path.of(key.jar()), args);
    }
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
    try {
      server.close();
    } finally {
      cache.close();
    }
  }
}
