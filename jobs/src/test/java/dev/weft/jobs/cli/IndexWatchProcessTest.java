package dev.weft.jobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code weft index --watch} as a scheduler or a terminal stops it: a real SIGTERM to a child JVM (what
 * {@link Process#destroy()} sends on Linux, as Kubernetes and systemd do) after two published windows. The watch
 * stops cleanly: exit 0 (the signal is handled, not left to the JVM's 143), "stopped" on stderr, and the served
 * generation is the last one published, whole.
 */
class IndexWatchProcessTest {
  private static final long DEADLINE_SECONDS = 180;

  @TempDir Path tmp;

  @Test
  void sigtermStopsTheWatchCleanlyAfterItsWindowsPublished() throws Exception {
    Path root = GoldenCorpusTest.copy(GoldenCorpusTest.GOLDEN, tmp.resolve("corpus"));
    Path index = tmp.resolve("index");
    Path err = tmp.resolve("stderr.txt");
    List<String> command = List.of(McpChild.java(), "-cp", System.getProperty("java.class.path"),
        WeftCli.class.getName(), "index", root.toString(), "--index", index.toString(), "--watch", "--window",
        "200ms", "--json");
    Process process = McpChild.start(command, err, Map.of());
    try {
      BlockingQueue<String> lines = new LinkedBlockingQueue<>();
      Thread reader = new Thread(() -> {
        try (BufferedReader in = new BufferedReader(
            new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
          for (String line = in.readLine(); line != null; line = in.readLine()) {
            lines.add(line);
          }
        } catch (IOException closed) {
          // the child ended: the test's assertions say what was missing
        }
      }, "watch-stdout");
      reader.setDaemon(true);
      reader.start();

      assertThat(publishedGeneration(lines, err)).isEqualTo(1);
      Files.writeString(root.resolve("added-while-watching.md"), "# Added\n\nwhile the watch ran\n");
      assertThat(publishedGeneration(lines, err)).isEqualTo(2);

      process.destroy(); // SIGTERM
      assertThat(process.waitFor(DEADLINE_SECONDS, TimeUnit.SECONDS)).as(Files.readString(err)).isTrue();
      assertThat(process.exitValue()).as(Files.readString(err)).isZero();
      assertThat(Files.readString(err)).contains("stopping:", "stopped");
    } finally {
      process.destroyForcibly();
    }
    CliRun recall = CliRun.of("recall", "added while the watch ran", "--index", index.toString());
    assertThat(recall.exit()).as(recall.err()).isZero();
    assertThat(recall.out()).contains("added-while-watching.md");
  }

  /** The generation of the next window that published, waiting at most the deadline for each line. */
  private static long publishedGeneration(BlockingQueue<String> lines, Path err) throws Exception {
    while (true) {
      String line = lines.poll(DEADLINE_SECONDS, TimeUnit.SECONDS);
      assertThat(line).as("a published window within %d s; stderr: %s", DEADLINE_SECONDS, Files.readString(err))
          .isNotNull();
      JsonNode window = new ObjectMapper().readTree(line);
      if (window.get("status").asText().equals("published")) {
        return window.get("generation").asLong();
      }
    }
  }
}
