package dev.weft.agents.model.stub;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What the stub answers to one request: the assistant's content, its tool calls, and the usage it reports (none:
 * the client must estimate). The stub writes it as a chat completion or, when the request streams, as SSE chunks.
 *
 * @param content the assistant's text (may be empty when there are tool calls)
 * @param toolCalls the tool calls of the reply
 * @param usage the usage the server reports, if any
 * @param finishReason {@code stop}, {@code tool_calls}, {@code length}...
 */
public record StubReply(String content, List<ToolCall> toolCalls, Optional<Usage> usage, String finishReason) {
  public StubReply {
    Objects.requireNonNull(content, "content");
    toolCalls = List.copyOf(toolCalls);
    Objects.requireNonNull(usage, "usage");
    Objects.requireNonNull(finishReason, "finishReason");
  }

  /** A tool call the model makes: the id, the function's name and its arguments as JSON text. */
  public record ToolCall(String id, String name, String arguments) {}

  /** Tokens as the server reports them. */
  public record Usage(int promptTokens, int completionTokens) {
    public int totalTokens() {
      return promptTokens + completionTokens;
    }
  }

  /** A text reply that reports {@code usage}. */
  public static StubReply text(String content, Usage usage) {
    return new StubReply(content, List.of(), Optional.of(usage), "stop");
  }

  /** A text reply that reports no usage. */
  public static StubReply text(String content) {
    return new StubReply(content, List.of(), Optional.empty(), "stop");
  }

  /** A reply of tool calls only, reporting {@code usage}. */
  public static StubReply toolCalls(List<ToolCall> calls, Usage usage) {
    return new StubReply("", calls, Optional.of(usage), "tool_calls");
  }

  /** This reply without usage, so the client must estimate it. */
  public StubReply withoutUsage() {
    return new StubReply(content, toolCalls, Optional.empty(), finishReason);
  }
}
