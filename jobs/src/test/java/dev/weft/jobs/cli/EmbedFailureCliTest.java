package dev.weft.jobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue #7: an embedding endpoint that fails is explained, remembered, and embed-missing fails loudly. */
class EmbedFailureCliTest {
  @TempDir Path tmp;
  Path root;
  String index;
  String embedder;

  @BeforeEach
  void setUp() throws IOException {
    root = GoldenCorpusTest.copy(GoldenCorpusTest.GOLDEN, tmp.resolve("corpus"));
    index = tmp.resolve("index").toString();
    String deadUrl;
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      deadUrl = "http://127.0.0.1:" + socket.getLocalPort(); // closed at once: connections are refused
    }
    embedder = "openai:nomic-embed-text@" + deadUrl + "#8?retries=0";
  }

  @Test
  void aRefusedEndpointIsExplainedAndAPlainEmbedMissingUsesItAndFailsWithExit5() throws IOException {
    CliRun indexRun = CliRun.of("index", root.toString(), "--index", index, "--embedder", embedder, "--embed-batch", "2", "--quiet");

    assertThat(indexRun.exit()).as("the chunks are indexed; embed-missing can fill in").isZero();
    assertThat(indexRun.out()).containsPattern("embed_failed\t[1-9]")
        .containsPattern("embed_failed.connect_refused\t[1-9]").containsPattern("embed_failed.circuit_open\t[1-9]");
    assertThat(indexRun.err()).startsWith("weft: embedding failed for ").contains("connect_refused x ",
        "(first: embedding request to http://127.0.0.1:", "circuit_open x ", "run weft embed-missing");
    assertThat(indexRun.err().strip()).doesNotContain("\n");
    Path letters = Path.of(index, "deadletters", "gen-1.jsonl");
    assertThat(Files.readAllLines(letters)).isNotEmpty()
        .allSatisfy(line -> assertThat(line).contains("\"stage\":\"embed\""));

    // the index remembers the endpoint: a plain embed-missing calls it (not bge-small) and fails
    CliRun missing = CliRun.of("embed-missing", "--index", index);

    assertThat(missing.exit()).isEqualTo(5);
    assertThat(missing.out()).isEmpty();
    assertThat(missing.err().strip()).startsWith("weft: embed-missing published nothing")
        .contains(embedder, "connect_refused x ").doesNotContain("\n");
    assertThat(CliRun.of("generations", "--index", index).lines()).singleElement().asString().contains("\t1\t");
  }

  @Test
  void theJsonReportNamesEachReasonWithItsCountAndFirstMessage() throws IOException {
    CliRun run = CliRun.of("index", root.toString(), "--index", index, "--embedder", embedder, "--embed-batch", "2", "--quiet", "--json");

    JsonNode report = new ObjectMapper().readTree(run.out());
    JsonNode failures = report.path("embedFailures");
    assertThat(failures).hasSize(2);
    assertThat(failures.get(0).path("reason").asText()).isEqualTo("connect_refused");
    assertThat(failures.get(0).path("chunks").asLong()).isPositive();
    assertThat(failures.get(0).path("first").asText()).contains("cannot connect");
    assertThat(failures.get(1).path("reason").asText()).isEqualTo("circuit_open");
    assertThat(report.path("counters").path("embed_failed").asLong())
        .isEqualTo(failures.get(0).path("chunks").asLong() + failures.get(1).path("chunks").asLong());
  }
}
