package dev.weft.jobs.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.context.error.IndexBusyException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** How a tool's failure reaches the client: the CLI's line and exit status; a defect's stack in the server's log. */
class McpFailureTest {
  private final StringWriter err = new StringWriter();

  @Test
  void aWeftFailureIsTheCliLineWithItsStatus() {
    ToolResult result = WeftMcp.failure(new IndexBusyException("cannot start an update",
        Path.of("/i/lucene/write.lock"), null), new PrintWriter(err, true));
    assertThat(result.isError()).isTrue();
    assertThat(result.text()).isEqualTo("weft: cannot start an update: another run holds /i/lucene/write.lock; "
        + "wait for it to finish (or pass --wait SECONDS), then retry");
    assertThat(result.structured().path("status").asText()).isEqualTo("busy");
    assertThat(result.structured().path("exitCode").asInt()).isEqualTo(3);
    assertThat(err.toString()).isEmpty();
  }

  @Test
  void aDefectPointsAtTheServersLogWhereItsStackIs() {
    ToolResult result = WeftMcp.failure(new NullPointerException("boom"), new PrintWriter(err, true));
    assertThat(result.text()).isEqualTo("weft: internal error: java.lang.NullPointerException: boom; the stack is "
        + "on the MCP server's stderr (the client's server log): report it");
    assertThat(result.structured().path("exitCode").asInt()).isEqualTo(70);
    assertThat(err.toString()).contains("java.lang.NullPointerException: boom", "\tat ");
  }
}
