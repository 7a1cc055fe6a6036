package dev.weft.jobs.warm;

import dev.weft.jobs.WeftCli;
import dev.weft.jobs.warm.client.RunDir;
import dev.weft.jobs.warm.client.ServerKey;
import dev.weft.jobs.warm.client.Wire;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/** {@code weft serve}: the warm server of this JVM's jar, directory and environment, in the foreground. */
public final class WarmServers {
  /** Commands in flight at once; a client beyond them is declined and runs cold. */
  static final int MAX_CLIENTS = 8;
  /** How long a stopping server lets running commands finish. */
  static final Duration DRAIN = Duration.ofMinutes(30);

  private WarmServers() {}

  /** Serves until the server stops; returns why, or {@code null} when another server of the key is running. */
  public static String serve(Path jar, Duration idle, Consumer<String> log) throws IOException, InterruptedException {
    Map<String, String> env = System.getenv();
    ServerKey key = ServerKey.of(jar, System.getProperty("java.home"), Path.of(System.getProperty("user.dir")), env);
    RunDir runDir = RunDir.of(env);
    Optional<WarmServer> started = WarmServer.start(key, runDir, idle, MAX_CLIENTS, WarmServers::run,
        System::nanoTime, true);
    if (started.isEmpty()) {
      return null;
    }
    WarmServer server = started.get();
    Thread hook = new Thread(server::close, "weft-serve-shutdown");
    Runtime.getRuntime().addShutdownHook(hook);
    log.accept("weft: serving " + key.cwd() + " on " + server.socket() + "; stops after " + idle.toSeconds()
        + " s idle, when " + key.jar() + " changes, or on Ctrl-C");
    String reason = server.awaitStop();
    if (!server.drain(DRAIN)) {
      log.accept("weft: commands still running after " + DRAIN.toMinutes() + " min are stopped with the server");
    }
    log.accept("weft: the warm server stopped: " + reason);
    return reason;
  }

  /** The same picocli commands as the cold CLI, with the client's streams and terminal. */
  static int run(Wire.Request request, PrintWriter out, PrintWriter err) {
    return WeftCli.execute(request.argv().toArray(String[]::new), out, err, request.console());
  }
}
