package dev.weft.jobs.warm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.jobs.cli.WeftCli;
import dev.weft.jobs.warm.client.RunDir;
import dev.weft.jobs.warm.client.ServerKey;
import dev.weft.jobs.warm.client.ServerStarter;
import dev.weft.jobs.warm.client.WarmClient;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A real `weft serve` in a child JVM: killed with -9, it is replaced, never waited on. */
class WarmProcessTest {
  @TempDir Path tmp;
  private final List<Process> children = new ArrayList<>();

  @Test
  void aServerKilledWithSignalNineIsReplacedByTheNextCall() throws Exception {
    RunDir runDir = new RunDir(tmp.resolve("run")).create();
    Path classes = Path.of(WeftCli.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    ServerKey key = ServerKey.of(classes, System.getProperty("java.home"), Path.of(System.getProperty("user.dir")),
        System.getenv());
    ServerStarter child = (k, d) -> serve(runDir);
    try {
      Process first = serve(runDir);
      String index = tmp.resolve("none").toString();
      WarmFixture.Result warm = WarmFixture.run(runDir, key, noStart(), "stats", "--index", index);
      assertThat(warm.exit()).as(warm.err()).isNotEqualTo(WarmClient.COLD);

      first.destroyForcibly(); // SIGKILL: no shutdown hook removes the socket
      assertThat(first.waitFor(30, TimeUnit.SECONDS)).isTrue();
      assertThat(runDir.socket(key.id())).exists();

      WarmFixture.Result afterKill = WarmFixture.run(runDir, key, child, "stats", "--index", index, "--verbose");
      assertThat(afterKill.exit()).isEqualTo(WarmClient.COLD);
      assertThat(afterKill.err()).contains("started one for the next call");
      awaitReady(children.get(children.size() - 1));

      WarmFixture.Result replaced = WarmFixture.run(runDir, key, noStart(), "stats", "--index", index);
      assertThat(replaced.exit()).isEqualTo(warm.exit());
      assertThat(replaced.err()).isEqualTo(warm.err());
    } finally {
      for (Process p : children) {
        p.destroyForcibly();
      }
    }
  }

  private static ServerStarter noStart() {
    return (k, d) -> {
      throw new AssertionError("a live server was not used");
    };
  }

  /** `weft serve` in a child JVM with this JVM's class path, directory and environment; waits until it listens. */
  private Process serve(RunDir runDir) {
    try {
      ProcessBuilder builder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
          "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"), WeftCli.class.getName(),
          "serve", "--idle", "5m").redirectErrorStream(true);
      builder.environment().put("WEFT_RUN_DIR", runDir.dir().toString());
      Process process = builder.start();
      children.add(process);
      if (children.size() == 1) {
        awaitReady(process);
      }
      return process;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void awaitReady(Process process) throws IOException {
    BufferedReader lines = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    CompletableFuture<String> ready = CompletableFuture.supplyAsync(() -> {
      try {
        for (String line = lines.readLine(); line != null; line = lines.readLine()) {
          if (line.startsWith("weft: serving ")) {
            return line;
          }
        }
        return "exited: " + process.exitValue();
      } catch (IOException | IllegalThreadStateException e) {
        return e.toString();
      }
    });
    try {
      assertThat(ready.get(60, TimeUnit.SECONDS)).startsWith("weft: serving ");
    } catch (Exception e) {
      throw new AssertionError("the child server did not start within 60 s", e);
    }
  }
}
