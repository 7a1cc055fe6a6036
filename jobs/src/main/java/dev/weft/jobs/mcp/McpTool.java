package dev.weft.jobs.mcp;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Objects;

/**
 * One tool the server offers: its name, what it does, the JSON Schema its arguments satisfy (checked before
 * {@code call} runs) and the call itself.
 *
 * @param name the MCP tool name ({@code a-z}, digits and {@code _})
 * @param description what the tool does, for the model that chooses it
 * @param inputSchema the arguments' JSON Schema (draft 2020-12), an object schema
 * @param call the work: validated arguments in, the result out
 */
public record McpTool(String name, String description, ObjectNode inputSchema, Call call) {
  public McpTool {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(description, "description");
    Objects.requireNonNull(inputSchema, "inputSchema");
    Objects.requireNonNull(call, "call");
    if (!name.matches("[a-z][a-z0-9_]{0,63}")) {
      throw new IllegalArgumentException("tool name must be lower-case letters, digits and '_', got: '" + name + "'");
    }
  }

  /** The work of a tool. A failure is thrown, and comes back to the client in-band ({@code isError}). */
  @FunctionalInterface
  public interface Call {
    ToolResult apply(Arguments arguments);
  }
}
