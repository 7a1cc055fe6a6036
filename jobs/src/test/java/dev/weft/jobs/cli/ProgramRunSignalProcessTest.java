package dev.weft.jobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.weft.agents.model.stub.StubChatServer;
import dev.weft.agents.model.stub.StubFault;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code weft program run --report FILE} stopped by a real SIGTERM (what {@link Process#destroy()} sends on Linux)
 * while its sub-calls are in flight: the run ends as a cancelled run — summary on stderr, the report written with
 * its failure, exit 1 — not as a JVM killed by the signal (143, nothing written).
 */
class ProgramRunSignalProcessTest {
  private static final long DEADLINE_SECONDS = 180;

  @TempDir Path tmp;

  @Test
  void sigtermCancelsTheRunWhichStillWritesItsSummaryAndReport() throws Exception {
    Path program = Files.writeString(tmp.resolve("p.json"), """
        {"steps": [{"op": "map", "from": "input", "as": "m", "instruction": "summarise"},
                   {"op": "answer", "from": "m"}]}""");
    Path dataset = Files.writeString(tmp.resolve("d.jsonl"), """
        {"id": "r1", "text": "one"}
        {"id": "r2", "text": "two"}
        {"id": "r3", "text": "three"}
        """);
    Path report = tmp.resolve("r.json");
    Path err = tmp.resolve("stderr.txt");
    try (StubChatServer stub = new StubChatServer()) {
      stub.failEvery(1, StubFault.stall()); // every call stays in flight until the client leaves
      List<String> command = List.of(McpChild.java(), "-cp", System.getProperty("java.class.path"),
          WeftCli.class.getName(), "program", "run", program.toString(), "--dataset", dataset.toString(),
          "--model", "m", "--base-url", stub.baseUrl(), "--call-timeout", "PT10M", "--max-concurrent", "2",
          "--report", report.toString(), "--quiet");
      Process process = McpChild.start(command, err, Map.of("WEFT_NO_SERVER", "1"));
      try {
        stub.awaitInFlightAtLeast(2); // the model has the calls: the run is in its map

        process.destroy(); // SIGTERM
        assertThat(process.waitFor(DEADLINE_SECONDS, TimeUnit.SECONDS)).as(Files.readString(err)).isTrue();
        assertThat(process.exitValue()).as(Files.readString(err)).isEqualTo(1);
      } finally {
        process.destroyForcibly();
      }
      stub.awaitInFlightAtMost(0); // the calls in flight were aborted, not abandoned
    }
    assertThat(Files.readString(err)).startsWith("cancelled: 3 pieces, ");
    JsonNode written = new ObjectMapper().readTree(report.toFile());
    assertThat(written.path("outcome").asText()).as(written.toString()).isEqualTo("failed");
    assertThat(written.at("/failure/exitCode").asInt()).isEqualTo(1);
    assertThat(written.toString()).contains("cancelled: 3 pieces");
  }
}
