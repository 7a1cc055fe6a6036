package dev.weft.agents.model;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * One chat completion to ask: the conversation, the tools the model may call, the schema its reply must satisfy,
 * whether to stream the reply, and a cap on the reply's tokens.
 */
public record ChatRequest(List<ChatMessage> messages, List<ToolDefinition> tools, Optional<OutputSchema> outputSchema,
    boolean stream, OptionalInt maxTokens) {
  public ChatRequest {
    messages = List.copyOf(messages);
    tools = List.copyOf(tools);
    Objects.requireNonNull(outputSchema, "outputSchema");
    Objects.requireNonNull(maxTokens, "maxTokens");
    if (messages.isEmpty()) {
      throw new IllegalArgumentException("a chat request needs at least one message, got none");
    }
    if (maxTokens.isPresent() && maxTokens.getAsInt() < 1) {
      throw new IllegalArgumentException("max tokens must be at least 1, got: " + maxTokens.getAsInt());
    }
  }

  /** The conversation alone: no tools, free text, not streamed. */
  public static ChatRequest of(List<ChatMessage> messages) {
    return new ChatRequest(messages, List.of(), Optional.empty(), false, OptionalInt.empty());
  }

  public static ChatRequest of(ChatMessage... messages) {
    return of(List.of(messages));
  }

  public ChatRequest withTools(List<ToolDefinition> tools) {
    return new ChatRequest(messages, tools, outputSchema, stream, maxTokens);
  }

  public ChatRequest withOutputSchema(OutputSchema schema) {
    return new ChatRequest(messages, tools, Optional.of(schema), stream, maxTokens);
  }

  public ChatRequest streaming(boolean stream) {
    return new ChatRequest(messages, tools, outputSchema, stream, maxTokens);
  }

  public ChatRequest withMaxTokens(int maxTokens) {
    return new ChatRequest(messages, tools, outputSchema, stream, OptionalInt.of(maxTokens));
  }
}
