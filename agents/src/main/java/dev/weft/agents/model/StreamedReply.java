package dev.weft.agents.model;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.weft.models.http.JsonHttp;
import dev.weft.models.http.MalformedReplyException;
import dev.weft.models.http.StreamSink;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * Assembles a streamed chat completion from its SSE chunks: content deltas appended, tool calls assembled per
 * {@code index} (the id and name arrive first, the arguments in pieces), the finish reason, and the usage chunk
 * ({@code stream_options.include_usage}, whose {@code choices} is empty). Events arrive on the HTTP client's thread
 * one at a time; the caller reads the result after the stream ended, which the exchange's future orders. One per
 * attempt: a retried stream starts over with a new one.
 */
final class StreamedReply implements StreamSink {
  private final JsonHttp http;
  private final Consumer<String> deltas;
  private final StringBuilder content = new StringBuilder();
  private final StringBuilder refusal = new StringBuilder();
  private final TreeMap<Integer, String[]> calls = new TreeMap<>();
  private String finishReason = "";
  private Optional<Usage> usage = Optional.empty();

  StreamedReply(JsonHttp http, Consumer<String> deltas) {
    this.http = http;
    this.deltas = deltas;
  }

  @Override
  public void event(String data) throws MalformedReplyException {
    JsonNode chunk;
    try {
      chunk = JsonHttp.JSON.readTree(data);
    } catch (JsonProcessingException e) {
      throw new MalformedReplyException("a stream event is not JSON: " + http.quote(data));
    }
    if (chunk == null || !chunk.isObject()) {
      throw new MalformedReplyException("a stream event is not a JSON object: " + http.quote(data));
    }
    if (chunk.has("error")) {
      throw new MalformedReplyException("the stream carried an error: " + http.errorMessage(data));
    }
    ChatWire.usage(chunk.path("usage")).ifPresent(u -> usage = Optional.of(u));
    JsonNode choice = chunk.path("choices").path(0);
    if (choice.isMissingNode()) {
      return; // the usage chunk
    }
    JsonNode delta = choice.path("delta");
    String text = delta.path("content").asText("");
    if (!text.isEmpty()) {
      content.append(text);
      deltas.accept(text);
    }
    refusal.append(delta.path("refusal").asText(""));
    for (JsonNode call : delta.path("tool_calls")) {
      if (!call.path("index").canConvertToInt()) {
        throw new MalformedReplyException("a tool call delta has no index: " + http.quote(call.toString()));
      }
      String[] parts = calls.computeIfAbsent(call.path("index").asInt(), i -> new String[] {"", "", ""});
      JsonNode function = call.path("function");
      if (call.path("id").isTextual()) {
        parts[0] = call.path("id").asText();
      }
      if (function.path("name").isTextual()) {
        parts[1] = parts[1] + function.path("name").asText();
      }
      parts[2] = parts[2] + function.path("arguments").asText("");
    }
    if (choice.path("finish_reason").isTextual()) {
      finishReason = choice.path("finish_reason").asText();
    }
  }

  RawReply reply() {
    List<ToolCall> toolCalls = new ArrayList<>();
    calls.values().forEach(parts -> toolCalls.add(new ToolCall(parts[0], parts[1], parts[2])));
    return new RawReply(content.toString(), toolCalls, finishReason,
        refusal.length() == 0 ? Optional.empty() : Optional.of(refusal.toString()), usage);
  }
}
