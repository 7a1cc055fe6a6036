package dev.weft.agents.tool;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.weft.agents.model.ToolCall;
import dev.weft.agents.model.ToolDefinition;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The tools a model may call, each with a name, a description and a JSON Schema (2020-12) for its input. Every
 * call is checked against the schema before the tool runs ({@link ToolInput}: JSON-encoded structure repaired,
 * refusals as {@code {error, errors, inputSchema}}). A call never throws for what the model got wrong or a tool
 * did: an unknown tool, arguments that are not JSON, input the schema refuses, a tool that throws (an exception,
 * or a {@link StackOverflowError} — deep recursion on the input is the input's problem) all come back as a
 * {@link ToolResult} with an {@code error} the model can read. Other {@link Error}s ({@link OutOfMemoryError}, an
 * {@link AssertionError} of a defect) are the JVM's or the program's, not the model's, and propagate. Thread-safe.
 */
public final class Toolbox {
  /** The longest arguments text {@link #call(ToolCall)} parses; a model writing more gets an error to correct. */
  public static final int MAX_ARGUMENT_CHARS = 1024 * 1024;

  private static final ObjectMapper JSON = new ObjectMapper();

  private record Tool(ToolDefinition definition, ToolInput input, ToolFunction execute) {}

  private final Map<String, Tool> tools = new LinkedHashMap<>();

  /**
   * Adds a tool.
   *
   * @throws IllegalArgumentException when the name is taken or not a legal tool name, or the schema is not a valid
   *     JSON Schema 2020-12 object (checked against the meta-schema here, not at the first call)
   */
  public synchronized Toolbox add(String name, String description, JsonNode inputSchema, ToolFunction execute) {
    Objects.requireNonNull(execute, "execute");
    ToolDefinition definition = new ToolDefinition(name, description, inputSchema);
    if (tools.containsKey(name)) {
      throw new IllegalArgumentException("a tool named '" + name + "' is already in the toolbox");
    }
    tools.put(name, new Tool(definition, ToolInput.of(name, inputSchema), execute));
    return this;
  }

  /** The tools in the order they were added, as a chat request lists them. */
  public synchronized List<ToolDefinition> definitions() {
    List<ToolDefinition> out = new ArrayList<>();
    tools.values().forEach(t -> out.add(t.definition()));
    return List.copyOf(out);
  }

  /** Runs the call the model asked for; its arguments are the JSON text the model wrote (blank reads as {}). */
  public ToolResult call(ToolCall call) {
    String arguments = call.arguments();
    if (arguments.length() > MAX_ARGUMENT_CHARS) {
      return error(call.name(), "arguments for tool '" + call.name() + "' are " + arguments.length()
          + " characters, more than the " + MAX_ARGUMENT_CHARS + " a call may send; send smaller input");
    }
    JsonNode input;
    try {
      input = arguments.isBlank() ? JSON.createObjectNode() : JSON.readTree(arguments);
    } catch (JsonProcessingException e) {
      return error(call.name(), "arguments for tool '" + call.name() + "' are not JSON: "
          + ToolInput.cut(String.valueOf(e.getOriginalMessage())) + "; send one JSON object as its inputSchema says");
    }
    return call(call.name(), input);
  }

  /**
   * Runs {@code name} on already-parsed {@code input} (null or JSON null read as {@code {}}). A tool that returns
   * null answers JSON {@code null}. A tool interrupted (it threw {@link InterruptedException}) answers an error and
   * the calling thread's interrupt flag is set again, so the loop that called it sees the interruption.
   */
  public ToolResult call(String name, JsonNode input) {
    Tool tool;
    synchronized (this) {
      tool = tools.get(name);
    }
    if (tool == null) {
      return error(name, "unknown tool '" + name + "'; the tools are: " + String.join(", ", names()));
    }
    ToolInput.Outcome checked = tool.input().check(input);
    if (checked instanceof ToolInput.Rejected rejected) {
      return new ToolResult(name, rejected.answer(), true);
    }
    JsonNode accepted = ((ToolInput.Accepted) checked).input();
    try {
      JsonNode value = tool.execute().execute(accepted);
      return new ToolResult(name, value == null ? NullNode.getInstance() : value, false);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return error(name, "tool '" + name + "' was interrupted before it finished; its work may be partial");
    } catch (Exception e) {
      return error(name, "tool '" + name + "' failed: " + describe(e));
    } catch (StackOverflowError e) {
      return error(name, "tool '" + name + "' failed: it recursed too deeply (StackOverflowError); "
          + "call it with smaller or flatter input");
    }
  }

  private synchronized List<String> names() {
    return List.copyOf(tools.keySet());
  }

  private static String describe(Exception e) {
    String message = e.getMessage();
    return message == null || message.isBlank() ? e.getClass().getSimpleName() : message;
  }

  private static ToolResult error(String name, String message) {
    ObjectNode value = JSON.createObjectNode().put("error", message);
    return new ToolResult(name, value, true);
  }
}
