package dev.weft.jobs.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.weft.api.Weft;
import dev.weft.jobs.cli.CliRun;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The MCP recall tool's memory default is the library's and the CLI's: a recall of facts naming no mode is hybrid
 * (its hits carry a cosine) when the memories were remembered with an embedder, bm25 when they were not.
 */
class McpMemoryDefaultModeTest {
  @TempDir Path tmp;

  @Test
  void aFactRecallNamingNoModeIsHybridOverEmbeddedMemoriesAndBm25OverPlainOnes() throws Exception {
    Path embedded = tmp.resolve("embedded");
    Path plain = tmp.resolve("plain");
    assertThat(CliRun.of("remember", "v", "the deploy runbook lives in the wiki", "--embedder", "hash:32",
        "--index", embedded.toString()).exit()).isZero();
    assertThat(CliRun.of("remember", "v", "the deploy runbook lives in the wiki", "--index", plain.toString())
        .exit()).isZero();

    assertThat(firstHit(embedded).has("cosine")).isTrue();
    assertThat(firstHit(plain).has("cosine")).isFalse();
    assertThat(firstHit(plain).has("bm25")).isTrue();
  }

  private JsonNode firstHit(Path index) throws Exception {
    Path root = Files.createDirectories(tmp.resolve("root"));
    try (Weft weft = Weft.open(index)) {
      McpCorpus corpus = new McpCorpus(weft, root);
      PrintWriter log = new PrintWriter(new StringWriter(), true);
      InJvmMcp server = InJvmMcp.start(weft, corpus, new McpBackgroundIndex(corpus::run, weft::index, log),
          Map.of(WeftMcp.NO_BACKGROUND_INDEX, "1"), log);
      try {
        McpClient client = server.client();
        client.initialize();
        JsonNode result = client.call("recall", "{\"query\":\"deploy runbook\",\"kind\":\"fact\"}");
        assertThat(result.path("isError").asBoolean()).as(result.toString()).isFalse();
        return result.at("/structuredContent/hits/0");
      } finally {
        server.stop();
      }
    }
  }
}
