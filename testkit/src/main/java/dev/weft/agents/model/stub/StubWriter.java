package dev.weft.agents.model.stub;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import dev.weft.agents.model.stub.StubReply.ToolCall;
import dev.weft.agents.model.stub.StubReply.Usage;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/** Writes one reply or fault of the stub, as a chat completion or, when the request streams, as SSE chunks. */
final class StubWriter {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final HttpExchange exchange;
  private final StubRequest request;
  private final CountDownLatch closing;
  private final Duration padding;

  StubWriter(HttpExchange exchange, StubRequest request, CountDownLatch closing, Duration padding) {
    this.exchange = exchange;
    this.request = request;
    this.closing = closing;
    this.padding = padding;
  }

  void reply(StubReply reply) throws IOException {
    if (!request.stream()) {
      StubChatServer.send(exchange, 200, Map.of(), completion(reply).toString());
      return;
    }
    try (OutputStream out = startStream()) {
      for (String chunk : chunks(reply)) {
        event(out, chunk);
      }
      event(out, "[DONE]");
    }
  }

  void fault(StubFault fault, Supplier<StubReply> reply) throws IOException, InterruptedException {
    switch (fault.kind()) {
      case HANG -> closing.await();
      case RATE_LIMITED -> StubChatServer.send(exchange, 429, Map.of("Retry-After", fault.text()),
          StubChatServer.error("stub: rate limited, retry after " + fault.text() + " s"));
      case STATUS -> StubChatServer.send(exchange, fault.status(), Map.of(), StubChatServer.error(fault.text()));
      case MALFORMED -> malformed(reply.get());
      case CUT -> cut(reply.get());
      case STALL -> stall(reply.get());
      default -> throw new IllegalStateException("unknown fault " + fault);
    }
  }

  private void malformed(StubReply reply) throws IOException {
    String broken = completion(reply).toString();
    broken = broken.substring(0, broken.length() / 2);
    if (!request.stream()) {
      StubChatServer.send(exchange, 200, Map.of(), "<html>not json: " + broken);
      return;
    }
    try (OutputStream out = startStream()) {
      event(out, broken);
      event(out, "[DONE]");
    }
  }

  private void cut(StubReply reply) throws IOException {
    if (!request.stream()) {
      byte[] bytes = completion(reply).toString().getBytes(StandardCharsets.UTF_8);
      exchange.getResponseHeaders().add("Content-Type", "application/json");
      exchange.sendResponseHeaders(200, bytes.length);
      OutputStream out = exchange.getResponseBody();
      out.write(bytes, 0, bytes.length / 2);
      out.flush();
      return; // closing the exchange with fewer bytes than promised closes the connection
    }
    try (OutputStream out = startStream()) {
      List<String> chunks = chunks(reply);
      event(out, chunks.get(0));
      event(out, chunks.get(1));
    }
  }

  /** Headers and a first piece at once, then only padding, until the client leaves or the stub closes. */
  private void stall(StubReply reply) throws IOException, InterruptedException {
    OutputStream out;
    byte[] pad;
    if (request.stream()) {
      out = startStream();
      event(out, chunks(reply).get(0));
      pad = ": stalled\n\n".getBytes(StandardCharsets.UTF_8);
    } else {
      exchange.getResponseHeaders().add("Content-Type", "application/json");
      exchange.sendResponseHeaders(200, 0);
      out = exchange.getResponseBody();
      pad = " ".getBytes(StandardCharsets.UTF_8);
    }
    // Writing is how the stub learns the client went away: the write fails, the handler ends, in-flight drops.
    while (!closing.await(padding.toNanos(), TimeUnit.NANOSECONDS)) {
      out.write(pad);
      out.flush();
    }
  }

  private OutputStream startStream() throws IOException {
    exchange.getResponseHeaders().add("Content-Type", "text/event-stream");
    exchange.getResponseHeaders().add("Cache-Control", "no-cache");
    exchange.sendResponseHeaders(200, 0);
    return exchange.getResponseBody();
  }

  private static void event(OutputStream out, String data) throws IOException {
    out.write(("data: " + data + "\n\n").getBytes(StandardCharsets.UTF_8));
    out.flush();
  }

  private ObjectNode completion(StubReply reply) {
    ObjectNode root = envelope("chat.completion");
    ObjectNode choice = root.putArray("choices").addObject();
    choice.put("index", 0);
    ObjectNode message = choice.putObject("message");
    message.put("role", "assistant");
    if (reply.content().isEmpty() && !reply.toolCalls().isEmpty()) {
      message.putNull("content");
    } else {
      message.put("content", reply.content());
    }
    if (!reply.toolCalls().isEmpty()) {
      ArrayNode calls = message.putArray("tool_calls");
      for (ToolCall call : reply.toolCalls()) {
        ObjectNode c = calls.addObject().put("id", call.id()).put("type", "function");
        c.putObject("function").put("name", call.name()).put("arguments", call.arguments());
      }
    }
    choice.put("finish_reason", reply.finishReason());
    reply.usage().ifPresent(usage -> root.set("usage", usage(usage)));
    return root;
  }

  /**
   * The SSE chunks of a reply as OpenAI streams them: the role, the content in three pieces, each tool call's
   * id and name then its arguments in two pieces, the finish reason, the usage chunk when asked for.
   */
  private List<String> chunks(StubReply reply) {
    List<String> chunks = new ArrayList<>();
    chunks.add(chunk(delta().put("role", "assistant").put("content", ""), null));
    String content = reply.content();
    int third = (content.length() + 2) / 3;
    for (int start = 0; start < content.length(); start += third) {
      chunks.add(chunk(delta().put("content", content.substring(start, Math.min(content.length(), start + third))),
          null));
    }
    for (int i = 0; i < reply.toolCalls().size(); i++) {
      ToolCall call = reply.toolCalls().get(i);
      ObjectNode head = delta();
      ObjectNode first = head.putArray("tool_calls").addObject().put("index", i).put("id", call.id())
          .put("type", "function");
      first.putObject("function").put("name", call.name()).put("arguments", "");
      chunks.add(chunk(head, null));
      int half = call.arguments().length() / 2;
      for (String part : List.of(call.arguments().substring(0, half), call.arguments().substring(half))) {
        ObjectNode more = delta();
        more.putArray("tool_calls").addObject().put("index", i).putObject("function").put("arguments", part);
        chunks.add(chunk(more, null));
      }
    }
    chunks.add(chunk(delta(), reply.finishReason()));
    if (request.includeUsage() && reply.usage().isPresent()) {
      ObjectNode last = envelope("chat.completion.chunk");
      last.putArray("choices");
      last.set("usage", usage(reply.usage().get()));
      chunks.add(last.toString());
    }
    return chunks;
  }

  private String chunk(ObjectNode delta, String finishReason) {
    ObjectNode root = envelope("chat.completion.chunk");
    ObjectNode choice = root.putArray("choices").addObject();
    choice.put("index", 0);
    choice.set("delta", delta);
    if (finishReason == null) {
      choice.putNull("finish_reason");
    } else {
      choice.put("finish_reason", finishReason);
    }
    return root.toString();
  }

  private static ObjectNode delta() {
    return JSON.createObjectNode();
  }

  private ObjectNode envelope(String object) {
    return JSON.createObjectNode().put("id", "chatcmpl-stub-" + request.call()).put("object", object)
        .put("created", 0).put("model", request.model());
  }

  private static ObjectNode usage(Usage usage) {
    return JSON.createObjectNode().put("prompt_tokens", usage.promptTokens())
        .put("completion_tokens", usage.completionTokens()).put("total_tokens", usage.totalTokens());
  }
}
