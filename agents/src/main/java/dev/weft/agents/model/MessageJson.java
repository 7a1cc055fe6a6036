package dev.weft.agents.model;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Chat messages in the OpenAI wire shape ({@code role}, {@code content}, {@code tool_calls} with
 * {@code function.name}/{@code function.arguments}, {@code tool_call_id}), both ways: what a request body carries
 * and what a saved transcript holds, so a transcript written by one run is read back by the next unchanged.
 */
public final class MessageJson {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private MessageJson() {}

  /** The messages as a JSON array in the wire shape. */
  public static ArrayNode write(List<ChatMessage> messages) {
    ArrayNode out = NODES.arrayNode();
    messages.forEach(message -> out.add(write(message)));
    return out;
  }

  /** One message in the wire shape; an assistant message that only calls tools has {@code content: null}. */
  public static ObjectNode write(ChatMessage message) {
    ObjectNode m = NODES.objectNode().put("role", message.role().wire());
    if (message.content().isEmpty() && !message.toolCalls().isEmpty()) {
      m.putNull("content");
    } else {
      m.put("content", message.content());
    }
    if (!message.toolCalls().isEmpty()) {
      ArrayNode calls = m.putArray("tool_calls");
      for (ToolCall call : message.toolCalls()) {
        ObjectNode c = calls.addObject().put("id", call.id()).put("type", "function");
        c.putObject("function").put("name", call.name()).put("arguments", call.arguments());
      }
    }
    message.toolCallId().ifPresent(id -> m.put("tool_call_id", id));
    return m;
  }

  /**
   * Reads messages back from the wire shape.
   *
   * @throws IllegalArgumentException naming the message's index and the field, when one is not a message
   */
  public static List<ChatMessage> read(JsonNode messages) {
    if (messages == null || !messages.isArray()) {
      throw new IllegalArgumentException("messages must be a JSON array, got: "
          + (messages == null ? "nothing" : messages.getNodeType()));
    }
    List<ChatMessage> out = new ArrayList<>(messages.size());
    for (int i = 0; i < messages.size(); i++) {
      try {
        out.add(readOne(messages.get(i)));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("message " + i + ": " + e.getMessage(), e);
      }
    }
    return out;
  }

  private static ChatMessage readOne(JsonNode m) {
    if (!m.isObject()) {
      throw new IllegalArgumentException("a message must be a JSON object, got: " + m.getNodeType());
    }
    String role = text(m, "role");
    ChatMessage.Role parsed;
    try {
      parsed = ChatMessage.Role.valueOf(role.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("role must be system, user, assistant or tool, got: '" + role + "'", e);
    }
    JsonNode content = m.path("content");
    if (!content.isMissingNode() && !content.isNull() && !content.isTextual()) {
      throw new IllegalArgumentException("content must be text or null, got: " + content.getNodeType());
    }
    List<ToolCall> calls = new ArrayList<>();
    for (JsonNode call : m.path("tool_calls")) {
      JsonNode function = call.path("function");
      calls.add(new ToolCall(text(call, "id"), text(function, "name"), function.path("arguments").asText("")));
    }
    Optional<String> toolCallId = m.path("tool_call_id").isTextual()
        ? Optional.of(m.path("tool_call_id").asText()) : Optional.empty();
    return new ChatMessage(parsed, content.asText(""), calls, toolCallId);
  }

  private static String text(JsonNode node, String field) {
    if (!node.path(field).isTextual()) {
      throw new IllegalArgumentException(field + " must be text, got: " + node.path(field).getNodeType());
    }
    return node.path(field).asText();
  }
}
