package dev.weft.agents.model;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.weft.models.http.JsonHttp;
import dev.weft.models.http.MalformedReplyException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The OpenAI chat completions wire format: the request body a {@link ChatRequest} becomes, and a reply read back. */
final class ChatWire {
  private ChatWire() {}

  /** The {@code POST /v1/chat/completions} body. */
  static ObjectNode body(String model, ChatRequest request) {
    ObjectNode body = JsonHttp.JSON.createObjectNode();
    body.put("model", model);
    body.set("messages", MessageJson.write(request.messages()));
    if (!request.tools().isEmpty()) {
      ArrayNode tools = body.putArray("tools");
      for (ToolDefinition tool : request.tools()) {
        tools.addObject().put("type", "function").putObject("function").put("name", tool.name())
            .put("description", tool.description()).set("parameters", tool.parameters());
      }
    }
    request.outputSchema().ifPresent(schema -> {
      ObjectNode format = body.putObject("response_format").put("type", "json_schema");
      format.putObject("json_schema").put("name", schema.name()).put("strict", true).set("schema", schema.schema());
    });
    request.maxTokens().ifPresent(max -> body.put("max_tokens", max));
    if (request.stream()) {
      body.put("stream", true);
      body.putObject("stream_options").put("include_usage", true);
    }
    return body;
  }

  /** A non-streamed completion: the first choice's message. */
  static RawReply completion(JsonNode root, JsonHttp http) throws MalformedReplyException {
    JsonNode choice = root.path("choices").path(0);
    JsonNode message = choice.path("message");
    if (!message.isObject()) {
      throw new MalformedReplyException("the reply has no choices[0].message: " + http.quote(root.toString()));
    }
    JsonNode content = message.path("content");
    if (!content.isMissingNode() && !content.isNull() && !content.isTextual()) {
      throw new MalformedReplyException("the reply's message content is not text: " + http.quote(content.toString()));
    }
    List<ToolCall> calls = new ArrayList<>();
    for (JsonNode call : message.path("tool_calls")) {
      JsonNode function = call.path("function");
      if (!function.path("name").isTextual()) {
        throw new MalformedReplyException("a tool call has no function name: " + http.quote(call.toString()));
      }
      calls.add(new ToolCall(call.path("id").asText(""), function.path("name").asText(),
          function.path("arguments").asText("")));
    }
    return new RawReply(content.asText(""), calls, choice.path("finish_reason").asText(""),
        text(message.path("refusal")), usage(root.path("usage")));
  }

  static Optional<String> text(JsonNode node) {
    return node.isTextual() && !node.asText().isEmpty() ? Optional.of(node.asText()) : Optional.empty();
  }

  /** The provider's usage object, when it holds at least the prompt and completion counts. */
  static Optional<Usage> usage(JsonNode usage) {
    if (!usage.path("prompt_tokens").canConvertToLong() || !usage.path("completion_tokens").canConvertToLong()
        || usage.path("prompt_tokens").asLong() < 0 || usage.path("completion_tokens").asLong() < 0) {
      return Optional.empty();
    }
    long prompt = usage.path("prompt_tokens").asLong();
    long completion = usage.path("completion_tokens").asLong();
    long total = usage.path("total_tokens").canConvertToLong() && usage.path("total_tokens").asLong() >= 0
        ? usage.path("total_tokens").asLong() : prompt + completion;
    return Optional.of(Usage.reported(prompt, completion, total));
  }

  /** The characters the usage estimate counts for a prompt: every message's {@link ChatMessage#chars()}. */
  static long promptChars(ChatRequest request) {
    long chars = 0;
    for (ChatMessage message : request.messages()) {
      chars += message.chars();
    }
    return chars;
  }

  /** The characters the usage estimate counts for a reply: its text and its tool calls' names and arguments. */
  static long replyChars(RawReply reply) {
    long chars = reply.content().length();
    for (ToolCall call : reply.toolCalls()) {
      chars += call.name().length() + call.arguments().length();
    }
    return chars;
  }
}
