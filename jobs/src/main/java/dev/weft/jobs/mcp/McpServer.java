package dev.weft.jobs.mcp;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.weft.agents.tool.ToolInput;
import dev.weft.context.program.CancelSignal;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * A Model Context Protocol server over stdio: newline-delimited JSON-RPC 2.0, one message per line. It offers tools
 * only: {@code initialize} (version negotiation), {@code notifications/initialized}, {@code ping}, {@code
 * tools/list}, {@code tools/call}, {@code notifications/cancelled}; it returns when its input ends (the client
 * closed it). The reader answers everything but {@code tools/call} at once; tool calls run on a few worker threads,
 * so a long program run never keeps a {@code ping} waiting, and each response is written whole, one at a time, as
 * its call ends (JSON-RPC matches responses by id, not by order). A line longer than the cap is answered with
 * -32600 naming the cap and its size, read to its end without being held.
 *
 * <p>Written with Jackson rather than an MCP SDK: there is no MCP Java SDK in Weft's dependencies, and the part of
 * the protocol a tools-only stdio server needs is this class. Malformed messages get JSON-RPC errors (-32700 parse,
 * -32600 invalid request, -32601 method not found, -32602 invalid params); a tool's own failure comes back in-band
 * as a result with {@code isError: true} and one readable line, so the model can correct the call (the MCP spec's
 * "tool execution error"). Arguments are checked by the agents' {@code ToolInput} (JSON-encoded structure repaired
 * first); arguments it refuses come back the same way, with the agent toolbox's eight-error rejection added
 * ({@code ToolSchemas.refusal}). Nothing but protocol messages is written to {@code out}.
 */
public final class McpServer {
  /** Newest first; the first is answered to a client asking for a version not listed. */
  public static final List<String> PROTOCOL_VERSIONS = List.of("2025-06-18", "2025-03-26", "2024-11-05");

  static final int PARSE_ERROR = -32700;
  static final int INVALID_REQUEST = -32600;
  static final int METHOD_NOT_FOUND = -32601;
  static final int INVALID_PARAMS = -32602;

  private static final ObjectMapper MAPPER = new ObjectMapper();

  /**
   * How much the server takes on.
   *
   * @param maxLineBytes the longest message line it reads (a longer one is refused with -32600, never held)
   * @param toolThreads how many tool calls run at once; more wait their turn, in order of arrival
   * @param drainAtEnd how long calls still running when the input ends get to finish (and be answered) before they
   *     are cancelled and abandoned
   */
  public record Limits(int maxLineBytes, int toolThreads, Duration drainAtEnd) {
    public static final int DEFAULT_MAX_LINE_BYTES = 4 * 1024 * 1024;
    public static final Limits DEFAULT = new Limits(DEFAULT_MAX_LINE_BYTES, 4, Duration.ofSeconds(10));

    public Limits {
      if (maxLineBytes < 1024) {
        throw new IllegalArgumentException("max line bytes must be at least 1024, got: " + maxLineBytes);
      }
      if (toolThreads < 1) {
        throw new IllegalArgumentException("tool threads must be at least 1, got: " + toolThreads);
      }
      Objects.requireNonNull(drainAtEnd, "drainAtEnd");
      if (drainAtEnd.isNegative()) {
        throw new IllegalArgumentException("the drain wait must not be negative, got: " + drainAtEnd);
      }
    }
  }

  /** What the reader does with one line: answer it, run a tool call on a worker, cancel one, or nothing. */
  private sealed interface Routed {}

  private record Reply(ObjectNode response) implements Routed {}

  private record ToolCall(JsonNode id, String name, Registered tool, JsonNode arguments) implements Routed {}

  private record Cancel(JsonNode requestId) implements Routed {}

  private record Silent() implements Routed {}

  /** Who the server is: {@code serverInfo} and the {@code instructions} of the initialize result. */
  public record Info(String name, String version, String instructions) {
    public Info {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(version, "version");
    }
  }

  private record Registered(McpTool tool, ToolInput input) {}

  private final Info info;
  private final Map<String, Registered> tools = new LinkedHashMap<>();
  private final Function<Throwable, ToolResult> failure;
  private final Runnable onInitialize;
  private final AtomicBoolean initializeSeen = new AtomicBoolean();
  private final Limits limits;

  /**
   * @param failure turns what a tool threw into the in-band error the client gets (the CLI's one line)
   * @param onInitialize run once, on the first {@code initialize}, before it is answered; it must not block
   */
  public McpServer(Info info, List<McpTool> tools, Function<Throwable, ToolResult> failure, Runnable onInitialize) {
    this(info, tools, failure, onInitialize, Limits.DEFAULT);
  }

  public McpServer(Info info, List<McpTool> tools, Function<Throwable, ToolResult> failure, Runnable onInitialize,
      Limits limits) {
    this.limits = Objects.requireNonNull(limits, "limits");
    this.info = Objects.requireNonNull(info, "info");
    this.failure = Objects.requireNonNull(failure, "failure");
    this.onInitialize = Objects.requireNonNull(onInitialize, "onInitialize");
    for (McpTool tool : tools) {
      Registered registered = new Registered(tool, ToolSchemas.compile(tool.name(), tool.inputSchema()));
      if (this.tools.putIfAbsent(tool.name(), registered) != null) {
        throw new IllegalArgumentException("two tools are named '" + tool.name() + "'");
      }
    }
  }

  /**
   * Answers every message of {@code in} on {@code out} until {@code in} ends; then gives the tool calls still
   * running {@link Limits#drainAtEnd} to finish and be answered, and cancels (and no longer answers) the rest.
   */
  public void serve(InputStream in, OutputStream out) throws IOException, InterruptedException {
    LineReader reader = new LineReader(in, limits.maxLineBytes());
    Output output = new Output(out);
    InFlight inFlight = new InFlight();
    ExecutorService workers = Executors.newFixedThreadPool(limits.toolThreads(), workerThreads());
    try {
      for (LineReader.Line line = reader.next(); line != null; line = reader.next()) {
        if (line instanceof LineReader.TooLong tooLong) {
          output.write(error(null, INVALID_REQUEST, "message too long: a line of " + tooLong.bytes() + " bytes, the "
              + "limit is " + limits.maxLineBytes() + " bytes; send a smaller message, or start the server with a "
              + "larger --max-line-bytes"));
          continue;
        }
        String text = ((LineReader.Text) line).text();
        if (text.isBlank()) {
          continue;
        }
        Routed routed = route(text);
        if (routed instanceof Reply reply) {
          output.write(reply.response());
        } else if (routed instanceof ToolCall call) {
          start(call, inFlight, workers, output);
        } else if (routed instanceof Cancel cancel) {
          inFlight.cancel(cancel.requestId());
        }
      }
    } finally {
      workers.shutdown();
      if (!workers.awaitTermination(limits.drainAtEnd().toMillis(), TimeUnit.MILLISECONDS)) {
        inFlight.cancelAll(); // the client is gone: what still runs is stopped where it can be, and not answered
        workers.shutdownNow();
      }
    }
  }

  /** Runs the call on a worker; its response is written when it ends, unless it was cancelled. */
  private void start(ToolCall call, InFlight inFlight, ExecutorService workers, Output output) throws IOException {
    Optional<InFlight.Call> started = inFlight.start(call.id());
    if (started.isEmpty()) {
      output.write(error(call.id(), INVALID_REQUEST, "id " + call.id() + " is already used by a request in flight; "
          + "give each request its own id"));
      return;
    }
    InFlight.Call running = started.get();
    workers.execute(() -> {
      // a call cancelled while it waited for a worker does not run at all
      ObjectNode response = running.cancel.isCancelled() ? null : run(call, running.cancel);
      if (inFlight.finish(call.id(), running) && response != null) {
        try {
          output.write(response);
        } catch (IOException e) {
          throw new UncheckedIOException("cannot write the response to " + call.id() + " (the client closed its "
              + "input?)", e);
        }
      }
    });
  }

  /** The answer to one line, or empty for a notification (or a response, which this server never asked for). */
  Optional<ObjectNode> handle(String line) {
    Routed routed = route(line);
    if (routed instanceof Reply reply) {
      return Optional.of(reply.response());
    }
    return routed instanceof ToolCall call ? Optional.of(run(call, CancelSignal.none())) : Optional.empty();
  }

  private Routed route(String line) {
    JsonNode message;
    try {
      message = MAPPER.readTree(line);
    } catch (JsonProcessingException e) {
      return new Reply(error(null, PARSE_ERROR, "parse error: " + e.getOriginalMessage()
          + "; send one JSON-RPC 2.0 message per line"));
    }
    if (message == null || !message.isObject()) {
      return new Reply(error(null, INVALID_REQUEST, message != null && message.isArray()
          ? "JSON-RPC batches are not supported (MCP 2025-06-18 removed them); send one message per line"
          : "a JSON-RPC message must be a JSON object, got: " + abbreviate(line)));
    }
    JsonNode id = message.get("id");
    boolean hasId = id != null;
    if (hasId && !(id.isTextual() || id.isIntegralNumber())) {
      return new Reply(error(null, INVALID_REQUEST, "id must be a string or an integer, got: " + id));
    }
    if (!"2.0".equals(message.path("jsonrpc").asText(null))) {
      return new Reply(error(id, INVALID_REQUEST, "jsonrpc must be \"2.0\", got: " + message.get("jsonrpc")));
    }
    JsonNode method = message.get("method");
    if (method == null && hasId && (message.has("result") || message.has("error"))) {
      return new Silent(); // a response; this server sends no requests, so there is nothing to match it to
    }
    if (method == null || !method.isTextual()) {
      return new Reply(error(id, INVALID_REQUEST, "method must be a string, got: " + method));
    }
    if (!hasId) {
      // notifications/initialized and others need nothing; a cancel names the request it cancels
      return method.textValue().equals("notifications/cancelled")
          ? new Cancel(message.path("params").get("requestId")) : new Silent();
    }
    JsonNode params = message.get("params");
    if (params != null && !params.isObject() && !params.isNull()) {
      return new Reply(error(id, INVALID_PARAMS, "params must be an object, got: " + params.getNodeType()));
    }
    JsonNode given = ToolResult.nullToEmpty(params);
    try {
      return switch (method.textValue()) {
        case "initialize" -> new Reply(initialize(id, given));
        case "ping" -> new Reply(result(id, MAPPER.createObjectNode()));
        case "tools/list" -> new Reply(result(id, toolList()));
        case "tools/call" -> toolCall(id, given);
        default -> new Reply(error(id, METHOD_NOT_FOUND, "method not found: " + method.textValue()
            + "; this server offers initialize, ping, tools/list and tools/call"));
      };
    } catch (InvalidParams e) {
      return new Reply(error(id, INVALID_PARAMS, e.getMessage()));
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

  private ToolCall toolCall(JsonNode id, JsonNode params) {
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
    return new ToolCall(id, name.textValue(), registered, arguments);
  }

  /**
   * Checks the arguments against the tool's schema (repairing JSON-encoded structure, {@link ToolInput}) and runs
   * it on what the check accepted: its result, or its failure in-band.
   */
  private ObjectNode run(ToolCall call, CancelSignal cancel) {
    ToolInput.Outcome checked = call.tool().input().check(call.arguments());
    ToolResult outcome;
    if (checked instanceof ToolInput.Rejected rejected) {
      outcome = ToolSchemas.refusal(rejected, failure);
    } else {
      try {
        JsonNode accepted = ((ToolInput.Accepted) checked).input();
        outcome = call.tool().tool().call().apply(new Arguments(accepted, cancel));
      } catch (RuntimeException | Error e) {
        // in-band, as the spec asks of a tool's failure (a defect too: a worker never dies with its request
        // unanswered); the mapper keeps its class
        outcome = failure.apply(e);
      }
    }
    return result(call.id(), outcome.toJson());
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

  private static ThreadFactory workerThreads() {
    AtomicInteger count = new AtomicInteger();
    return task -> {
      Thread thread = new Thread(task, "weft-mcp-tool-" + count.incrementAndGet());
      thread.setDaemon(true); // a call abandoned at the end of input must not keep the process alive
      return thread;
    };
  }

  /** The server's output: one whole message per line, written by one thread at a time. */
  private static final class Output {
    private final Writer writer;

    Output(OutputStream out) {
      this.writer = new OutputStreamWriter(out, StandardCharsets.UTF_8);
    }

    synchronized void write(ObjectNode message) throws IOException {
      // Jackson escapes line breaks inside strings, so one message is always one line
      writer.write(MAPPER.writeValueAsString(message));
      writer.write('\n');
      writer.flush();
    }
  }

  /** Params the method cannot take: answered with -32602. */
  private static final class InvalidParams extends RuntimeException {
    InvalidParams(String message) {
      super(message, null, false, false);
    }
  }
}
