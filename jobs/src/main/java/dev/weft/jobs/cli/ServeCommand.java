package dev.weft.jobs.cli;

import dev.weft.context.error.ExitStatus;
import dev.weft.context.error.WeftException;
import dev.weft.jobs.warm.WarmServers;
import dev.weft.models.http.SpecDurations;
import java.io.PrintWriter;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "serve", description = "Run the warm server for this directory, jar and environment in the "
    + "foreground (the `weft` launcher starts one on first use): later `weft` calls from here are answered by this "
    + "JVM. Stops when idle, when the jar is rebuilt, or on Ctrl-C. See docs/cli.md, \"Warm server\".")
final class ServeCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(names = "--idle", defaultValue = "10m", paramLabel = "DURATION",
      description = "Stop after this long without a call: 90s, 10m, 1h or ISO-8601 (default: ${DEFAULT-VALUE}).")
  String idle;

  @Override
  public Integer call() throws Exception {
    Duration idleFor = duration(idle);
    PrintWriter err = spec.commandLine().getErr();
    Path jar = jar();
    String stopped = WarmServers.serve(jar, idleFor, line -> {
      err.println(line);
      err.flush();
    });
    if (stopped == null) {
      throw new WeftException(ExitStatus.BUSY, "a warm server for this directory, jar and environment is already "
          + "running; it stops when idle or when its jar is rebuilt (its log is in the run directory, docs/cli.md)");
    }
    return 0;
  }

  /** The jar (or class directory) this CLI runs from: its identity is half of the server's key. */
  private static Path jar() throws URISyntaxException {
    return Path.of(WeftCli.class.getProtectionDomain().getCodeSource().getLocation().toURI());
  }

  static Duration duration(String value) {
    Duration parsed = SpecDurations.parse("--idle", value);
    if (parsed.isZero()) {
      throw new IllegalArgumentException("--idle must be longer than zero, got: " + value);
    }
    return parsed;
  }
}
