package dev.weft.jobs.mcp;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.Schema;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;

/**
 * A Model Context Protocol server over stdio: newline-delimited JSON-RPC 2.0, one message per line, answered in
 * order. It offers tools only: {@code initialize} (version negotiation), {@code notifications/initialized},
 * {@code ping}, {@code tools/list}, {@code tools/call}; it returns when its input ends (the client closed it).
 *
 * <p>Written with Jackson rather than an MCP SDK: there is no MCP Java SDK in Weft's dependencies, and the part of
 * the protocol a tools-only stdio server needs is this class. Malformed messages get JSON-RPC errors (-32700 parse,
 * -32600 invalid request, -32601 method not found, -32602 invalid params); a tool's own failure, including
 * arguments its input schema refuses, comes back in-band as a result with {@code isError: true} and one readable
 * line, so the model can correct the call (the MCP spec's "tool execution error"). Nothing but protocol messages is
 * written to {@code out}.
 */
public final class McpServer {
  /** Newest first; the first is answered to a client asking for a version not listed. */
  public static final List<String> PROTOCOL_VERSIONS = List.of("2025-06-18", "2025-03-26", "2024-11-05");

  static final int PARSE_ERROR = -32700;
  static final int INVALID_REQUEST = -32600;
  static final int METHOD_NOT_FOUND = -32601;
  static final int INVALID_PARAMS = -32602;

  private static final ObjectMapper MAPPER = new ObjectMapper();

  /** Who the server is: {@code serverInfo} and the {@code instructions} of the initialize result. */
  public record Info(String name, String version, String instructions) {
    public Info {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(version, "version");
    }
  }

  private record Registered(McpTool tool, Schema schema) {}

  private final Info info;
  private final Map<String, Registered> tools = new LinkedHashMap<>();
  private final Function<Throwable, ToolResult> failure;
  private final Runnable onInitialize;
  private final AtomicBoolean initializeSeen = new AtomicBoolean();

  /**
   * @param failure turns what a tool threw into the in-band error the client gets (the CLI's one line)
   * @param onInitialize run once, on the first {@code initialize}, before it is answered; it must not block
   */
  public McpServer(Info info, List<McpTool> tools, Function<Throwable, ToolResult> failure, Runnable onInitialize) {
    this.info = Objects.requireNonNull(info, "info");
    this.failure = Objects.requireNonNull(failure, "failure");
    this.onInitialize = Objects.requireNonNull(onInitialize, "onInitialize");
    for (McpTool tool : tools) {
      if (this.tools.putIfAbsent(tool.name(), new Registered(tool, ToolSchemas.compile(tool.inputSchema()))) != null) {
        throw new IllegalArgumentException("two tools are named '" + tool.name() + "'");
      }
    }
  }

  /** Answers every message of {@code in} on {@code out} until {@code in} ends. */
  public void serve(InputStream in, OutputStream out) throws IOException {
    BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
    Writer writer = new OutputStreamWriter(out, StandardCharsets.UTF_8);
    for (String line = reader.readLine(); line != null; line = reader.readLine()) {
      if (line.isBlank()) {
        continue;
      }
      Optional<ObjectNode> response = handle(line);
      if (response.isPresent()) {
        // Jackson escapes line breaks inside strings, so one message is always one line
        writer.write(MAPPER.writeValueAsString(response.get()));
        writer.write('\n');
        writer.flush();
      }
    }
  }

  /** The answer to one line, or empty for a notification (or a response, which this server never asked for). */
  Optional<ObjectNode> handle(String line) {
    JsonNode message;
    try {
      message = MAPPER.readTree(line);
    } catch (JsonProcessingException e) {
      return Optional.of(error(null, PARSE_ERROR, "parse error: " + e.getOriginalMessage()
          + "; send one JSON-RPC 2.0 message per line"));
    }
    if (message == null || !message.isObject()) {
      return Optional.of(error(null, INVALID_REQUEST, message != null && message.isArray()
          ? "JSON-RPC batches are not supported (MCP 2025-06-18 removed them); send one message per line"
          : "a JSON-RPC message must be a JSON object, got: " + abbreviate(line)));
    }
    JsonNode id = message.get("id");
    boolean hasId = id != null;
    if (hasId && !(id.isTextual() || id.isIntegralNumber())) {
      return Optional.of(error(null, INVALID_REQUEST, "id must be a string or an integer, got: " + id));
    }
    if (!"2.0".equals(message.path("jsonrpc").asText(null))) {
      return Optional.of(error(id, INVALID_REQUEST, "jsonrpc must be \"2.0\", got: " + message.get("jsonrpc")));
    }
    JsonNode method = message.get("method");
    if (method == null && hasId && (message.has("result") || message.has("error"))) {
      return Optional.empty(); // a response; this server sends no requests, so there is nothing to match it to
    }
    if (method == null || !method.isTextual()) {
      return Optional.of(error(id, INVALID_REQUEST, "method must be a string, got: " + method));
    }
    if (!hasId) {
      return Optional.empty(); // notifications/initialized, notifications/cancelled, ...: nothing to answer
    }
    JsonNode params = message.get("params");
    if (params != null && !params.isObject() && !params.isNull()) {
      return Optional.of(error(id, INVALID_PARAMS, "params must be an object, got: " + params.getNodeType()));
    }
    JsonNode given = ToolResult.nullToEmpty(params);
    try {
      return Optional.of(switch (method.textValue()) {
        case "initialize" -> initialize(id, given);
        case "ping" -> result(id, MAPPER.createObjectNode());
        case "tools/list" -> result(id, toolList());
        case "tools/call" -> call(id, given);
        default -> error(id, METHOD_NOT_FOUND, "method not found: " + method.textValue()
            + "; this server offers initialize, ping, tools/list and tools/call");
      });
    } catch (InvalidParams e) {
      return Optional.of(error(id, INVALID_PARAMS, e.getMessage()));
    }
  }

  private ObjectNode initialize(JsonNode id, JsonNode params) {
    JsonNode asked = params.get("protocolVersion");
    if (asked == null || !asked.isTextual()) {
      throw new InvalidParams("initialize needs params.protocolVersion, a string like \"" + PROTOCOL_VERSIONS.get(0)
          + "\", got: " + asked);
    }
    if (initializeSeen.compareAndSet(false, true)) {
      onInitialize.run();
    }
    ObjectNode result = MAPPER.createObjectNode();
    result.put("protocolVersion", PROTOCOL_VERSIONS.contains(asked.textValue())
        ? asked.textValue() : PROTOCOL_VERSIONS.get(0));
    result.putObject("capabilities").putObject("tools").put("listChanged", false);
    result.putObject("serverInfo").put("name", info.name()).put("version", info.version());
    if (info.instructions() != null) {
      result.put("instructions", info.instructions());
    }
    return result(id, result);
  }

  private ObjectNode toolList() {
    ObjectNode result = MAPPER.createObjectNode();
    ArrayNode list = result.putArray("tools");
    for (Registered registered : tools.values()) {
      McpTool tool = registered.tool();
      list.addObject().put("name", tool.name()).put("description", tool.description())
          .set("inputSchema", tool.inputSchema());
    }
    return result;
  }

  private ObjectNode call(JsonNode id, JsonNode params) {
    JsonNode name = params.get("name");
    if (name == null || !name.isTextual()) {
      throw new InvalidParams("tools/call needs params.name, the tool's name, got: " + name);
    }
    Registered registered = tools.get(name.textValue());
    if (registered == null) {
      throw new InvalidParams("unknown tool '" + name.textValue() + "'; tools/list names the " + tools.size()
          + " tools: " + String.join(", ", tools.keySet()));
    }
    JsonNode arguments = ToolResult.nullToEmpty(params.get("arguments"));
    if (!arguments.isObject()) {
      throw new InvalidParams("tools/call params.arguments must be an object, got: " + arguments.getNodeType());
    }
    Optional<String> refused = ToolSchemas.violation(registered.schema(), arguments);
    ToolResult outcome;
    if (refused.isPresent()) {
      outcome = failure.apply(new IllegalArgumentException("invalid arguments for tool '" + name.textValue() + "': "
          + refused.get() + "; its inputSchema in tools/list says what it takes"));
    } else {
      try {
        outcome = registered.tool().call().apply(new Arguments(arguments));
      } catch (RuntimeException e) { // in-band, as the spec asks of a tool's failure; the mapper keeps its class
        outcome = failure.apply(e);
      }
    }
    return result(id, outcome.toJson());
  }

  private static ObjectNode result(JsonNode id, JsonNode result) {
    ObjectNode response = MAPPER.createObjectNode().put("jsonrpc", "2.0");
    response.set("id", id);
    response.set("result", result);
    return response;
  }

  static ObjectNode error(JsonNode id, int code, String message) {
    ObjectNode response = MAPPER.createObjectNode().put("jsonrpc", "2.0");
    response.set("id", id == null ? MAPPER.nullNode() : id);
    response.putObject("error").put("code", code).put("message", message);
    return response;
  }

  private static String abbreviate(String line) {
    return line.length() <= 80 ? line : line.substring(0, 80) + "...";
  }

  /** Params the method cannot take: answered with -32602. */
  private static final class InvalidParams extends RuntimeException {
    InvalidParams(String message) {
      super(message, null, false, false);
    }
  }
}
