package dev.weft.agents.model;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The model's answer to one {@link ChatRequest}.
 *
 * @param content the assistant's text (empty when it only calls tools)
 * @param toolCalls the tool calls it makes, in order
 * @param finishReason why it stopped ({@code stop}, {@code length}, {@code tool_calls}, ...; "" when not said)
 * @param usage the tokens, reported or estimated
 * @param structured the content parsed and validated against the request's {@link OutputSchema}, when it had one
 */
public record ChatReply(String content, List<ToolCall> toolCalls, String finishReason, Usage usage,
    Optional<JsonNode> structured) {
  public ChatReply {
    Objects.requireNonNull(content, "content");
    toolCalls = List.copyOf(toolCalls);
    Objects.requireNonNull(finishReason, "finishReason");
    Objects.requireNonNull(usage, "usage");
    Objects.requireNonNull(structured, "structured");
  }
}
