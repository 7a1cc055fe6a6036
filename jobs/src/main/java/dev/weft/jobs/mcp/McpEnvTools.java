package dev.weft.jobs.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.weft.agents.compact.EnvTools;
import dev.weft.api.Weft;
import java.util.List;

/**
 * The environment tools of {@code weft mcp}: env_grep, env_read and env_peek over the facade's environment (the
 * slots beside the index, docs/ledger.md "Environment"). Not a second set: the names, descriptions, schemas and
 * work are the agents' {@link EnvTools}, the ones an agent's transcript slot adds, so an MCP client and an agent
 * get the same tools. A slot is a name in the ledger's store, never a file: these tools read no path of the disk.
 */
final class McpEnvTools {
  private final EnvTools env;

  McpEnvTools(Weft weft) {
    this.env = new EnvTools(weft::environment, ""); // opened at the first call: listing creates no store
  }

  List<McpTool> tools() {
    return EnvTools.NAMES.stream().map(this::tool).toList();
  }

  private McpTool tool(String name) {
    JsonNode schema = EnvTools.inputSchema(name);
    return new McpTool(name, env.description(name), (ObjectNode) schema,
        args -> ToolResult.of((ObjectNode) env.run(name, args.node())));
  }
}
