package dev.weft.jobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.api.Weft;
import dev.weft.jobs.mcp.McpClient;
import dev.weft.jobs.mcp.WeftMcp;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code weft mcp} as a client starts it: a child JVM on real pipes, with the background index on. Its stdout holds
 * protocol messages only (the index run's logging goes to stderr), and closing its stdin ends it with exit 0.
 */
class McpProcessTest {
  @TempDir Path tmp;

  @Test
  void aChildServerAnswersOnStdoutOnlyAndExitsWhenItsInputCloses() throws Exception {
    Path corpus = Files.createDirectories(tmp.resolve("corpus"));
    Files.writeString(corpus.resolve("notes.md"), "# Notes\n\nThe limiter refills permits every second.\n");
    Path index = tmp.resolve("index");
    try (Weft weft = Weft.open(index)) {
      weft.index(corpus);
    }
    Files.writeString(corpus.resolve("more.md"), "# More\n\nBackground runs publish a generation.\n");
    Path err = tmp.resolve("server.err");
    // a generous shutdown wait: the background run ends on its own, so what it did is known at exit
    Process process = McpChild.start(McpChild.command(index, corpus), err, Map.of(WeftMcp.SHUTDOWN_WAIT, "300"));
    try {
      McpClient client = new McpClient(process.getOutputStream(), process.getInputStream());
      assertThat(client.initialize().at("/result/serverInfo/name").asText()).isEqualTo("weft");
      assertThat(client.request("tools/list", null).at("/result/tools").size()).isEqualTo(25);
      assertThat(client.call("recall", "{\"query\":\"refills permits\",\"kind\":\"doc\"}")
          .at("/structuredContent/hits/0/path").asText()).isEqualTo("notes.md");
      client.send("{\"jsonrpc\":\"2.0\",\"id\":99,\"method\":\"nope\"}");
      assertThat(client.next().at("/error/code").asInt()).isEqualTo(-32601);
      client.close();

      assertThat(process.waitFor(300, TimeUnit.SECONDS)).as("the server ends when its input closes").isTrue();
      assertThat(process.exitValue()).as(Files.readString(err)).isZero();
      assertThat(client.closedOutput()).isTrue();
      assertThat(client.transcript).hasSize(4).allSatisfy(line -> assertThat(McpClient.json(line).path("jsonrpc")
          .asText()).as("stdout holds protocol messages only: " + line).isEqualTo("2.0"));
      assertThat(Files.readString(err)).contains("weft mcp: background index published generation 2");
    } finally {
      process.destroyForcibly();
    }
  }
}
