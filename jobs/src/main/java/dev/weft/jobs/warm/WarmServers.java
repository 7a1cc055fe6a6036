package dev.weft.jobs.warm;

import dev.weft.api.WeftCache;
import dev.weft.jobs.cli.WeftCli;
import dev.weft.jobs.warm.client.RunDir;
import dev.weft.jobs.warm.client.ServerKey;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/** {@code weft serve}: the warm server of this JVM's jar, directory and environment, in the foreground. */
public final class WarmServers {
  /** Commands in flight at once; a client beyond them is declined and runs cold. */
  static final int MAX_CLIENTS = 8;
  /** How long a stopping server lets running commands finish. */
  static final Duration DRAIN = Duration.ofMinutes(30);
  /** How often indexes no call has read for {@link WeftCache#IDLE} are closed. */
  static final Duration RELEASE_EVERY = Duration.ofSeconds(10);

  private WarmServers() {}

  /** Serves until the server stops; returns why, or {@code null} when another server of the key is running. */
  public static String serve(Path jar, Duration idle, Consumer<String> log) throws IOException, InterruptedException {
    Map<String, String> env = System.getenv();
    ServerKey key = ServerKey.of(jar, System.getProperty("java.home"), Path.of(System.getProperty("user.dir")), env);
    RunDir runDir = RunDir.of(env);
    WeftCache cache = WeftCache.create();
    Optional<WarmServer> started = WarmServer.start(key, runDir, idle, MAX_CLIENTS, runner(cache),
        System::nanoTime, true);
    if (started.isEmpty()) {
      cache.close();
      return null;
    }
    WarmServer server = started.get();
    Thread hook = new Thread(server::close, "weft-serve-shutdown");
    Runtime.getRuntime().addShutdownHook(hook);
    ScheduledExecutorService releases = Executors.newSingleThreadScheduledExecutor(runnable -> {
      Thread thread = new Thread(runnable, "weft-serve-release");
      thread.setDaemon(true);
      return thread;
    });
    releases.scheduleWithFixedDelay(cache::closeIdle, RELEASE_EVERY.toMillis(), RELEASE_EVERY.toMillis(),
        TimeUnit.MILLISECONDS);
    log.accept("weft: serving " + key.cwd() + " on " + server.socket() + "; stops after " + idle.toSeconds()
        + " s idle, when " + key.jar() + " changes, or on Ctrl-C");
    String reason;
    try {
      reason = server.awaitStop();
      if (!server.drain(DRAIN)) {
        log.accept("weft: commands still running after " + DRAIN.toMinutes() + " min are stopped with the server");
      }
    } finally {
      releases.shutdownNow();
      cache.close();
    }
    log.accept("weft: the warm server stopped: " + reason);
    return reason;
  }

  /**
   * The same picocli commands as the cold CLI, with the client's streams and terminal, their indexes read through
   * {@code cache} (kept open between calls).
   */
  static WarmServer.Runner runner(WeftCache cache) {
    return (request, out, err) -> WeftCli.execute(request.argv().toArray(String[]::new), out, err,
        request.console(), cache);
  }
}
