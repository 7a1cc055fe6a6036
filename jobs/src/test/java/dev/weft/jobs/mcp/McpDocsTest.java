package dev.weft.jobs.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.api.Weft;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** docs/mcp.md documents every tool the server lists, and every environment variable it reads. */
class McpDocsTest {
  @TempDir Path tmp;

  @Test
  void everyToolAndVariableIsDocumented() throws Exception {
    String docs = Files.readString(Path.of("..", "docs", "mcp.md"));
    try (Weft weft = Weft.open(tmp.resolve("index"))) {
      List<McpTool> tools = WeftMcp.tools(weft, new McpCorpus(weft, List.of()), WeftMcp.Settings.DEFAULT);
      assertThat(tools).hasSize(25);
      for (McpTool tool : tools) {
        assertThat(docs).as("docs/mcp.md's tool table").contains("| `" + tool.name() + "` |");
        tool.inputSchema().path("required").forEach(required -> assertThat(docs)
            .as("docs/mcp.md marks " + tool.name() + "'s required " + required).contains("**`" + required.asText()
                + "`**"));
      }
    }
    assertThat(docs).contains("`" + WeftMcp.NO_BACKGROUND_INDEX + "`", "`" + WeftMcp.SHUTDOWN_WAIT + "`");
  }
}
