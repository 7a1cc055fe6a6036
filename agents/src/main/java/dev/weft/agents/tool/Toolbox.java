package dev.weft.agents.tool;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.weft.agents.model.ToolCall;
import dev.weft.agents.model.ToolDefinition;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The tools a model may call, each with a name, a description and a JSON Schema for its input. A call never
 * throws for what the model got wrong: an unknown tool, arguments that are not JSON or a tool that throws all come
 * back as a {@link ToolResult} with an {@code error} the model can read.
 */
public final class Toolbox {
  private static final ObjectMapper JSON = new ObjectMapper();

  private record Tool(ToolDefinition definition, ToolFunction execute) {}

  private final Map<String, Tool> tools = new LinkedHashMap<>();

  /**
   * Adds a tool.
   *
   * @throws IllegalArgumentException when the name is taken or not a legal tool name, or the schema is not an object
   */
  public synchronized Toolbox add(String name, String description, JsonNode inputSchema, ToolFunction execute) {
    Objects.requireNonNull(execute, "execute");
    ToolDefinition definition = new ToolDefinition(name, description, inputSchema);
    if (tools.containsKey(name)) {
      throw new IllegalArgumentException("a tool named '" + name + "' is already in the toolbox");
    }
    tools.put(name, new Tool(definition, execute));
    return this;
  }

  /** The tools in the order they were added, as a chat request lists them. */
  public synchronized List<ToolDefinition> definitions() {
    List<ToolDefinition> out = new ArrayList<>();
    tools.values().forEach(t -> out.add(t.definition()));
    return List.copyOf(out);
  }

  /** Runs the call the model asked for; its arguments are the JSON text the model wrote. */
  public ToolResult call(ToolCall call) {
    JsonNode input;
    try {
      input = call.arguments().isBlank() ? JSON.createObjectNode() : JSON.readTree(call.arguments());
    } catch (JsonProcessingException e) {
      return error(call.name(), "arguments are not JSON: " + e.getOriginalMessage());
    }
    return call(call.name(), input);
  }

  /** Runs {@code name} on already-parsed {@code input}. */
  public ToolResult call(String name, JsonNode input) {
    Tool tool;
    synchronized (this) {
      tool = tools.get(name);
    }
    if (tool == null) {
      return error(name, "unknown tool '" + name + "'; the tools are: " + String.join(", ", tools.keySet()));
    }
    try {
      return new ToolResult(name, tool.execute().execute(input), false);
    } catch (Exception e) {
      return error(name, "tool '" + name + "' failed: " + e.getMessage());
    }
  }

  private static ToolResult error(String name, String message) {
    ObjectNode value = JSON.createObjectNode().put("error", message);
    return new ToolResult(name, value, true);
  }
}
