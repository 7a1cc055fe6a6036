package dev.weft.jobs.warm.client;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Starts a warm server for a key; the client never waits for it (this call runs cold, the next one warm). */
@FunctionalInterface
public interface ServerStarter {
  void start(ServerKey key, RunDir runDir) throws IOException;

  /**
   * {@code java -jar JAR serve} in the caller's directory and environment, in its own session ({@code setsid}) so
   * that a Ctrl-C in the terminal that started it does not reach it, output to the run directory's log.
   */
  static ServerStarter detached(Map<String, String> env) {
    return new Detached(env);
  }

  /** A class, not a lambda: the client's start-up pays no lambda bootstrap for a starter most calls never use. */
  final class Detached implements ServerStarter {
    private final Map<String, String> env;

    Detached(Map<String, String> env) {
      this.env = env;
    }

    @Override
    public void start(ServerKey key, RunDir runDir) throws IOException {
      List<String> command = new ArrayList<>();
      Path setsid = Path.of("/usr/bin/setsid");
      if (Files.isExecutable(setsid)) {
        command.add(setsid.toString());
      }
      command.add(Path.of(key.javaHome(), "bin", "java").toString());
      command.add("-XX:+UseSerialGC");
      command.add("-Xshare:auto");
      String extra = env.get("WEFT_JAVA_OPTS");
      if (extra != null && !extra.isBlank()) {
        command.addAll(List.of(extra.trim().split("\\s+"))); // as the launcher's unquoted ${WEFT_JAVA_OPTS} splits
      }
      command.addAll(List.of("-jar", key.jar(), "serve"));
      File log = runDir.log(key.id()).toFile();
      new ProcessBuilder(command)
          .directory(new File(key.cwd()))
          .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
          .redirectOutput(ProcessBuilder.Redirect.appendTo(log))
          .redirectErrorStream(true)
          .start();
    }
  }
}
