package dev.weft.agents.compact;

import dev.weft.agents.model.ChatMessage;
import dev.weft.agents.model.ToolCall;
import java.util.List;

/**
 * One indivisible unit of a transcript after its pins: a <em>tool round</em> (an assistant message with tool calls
 * and the tool messages right after it, which answer those calls) or one other message (a later user message, an
 * assistant answer). A request may drop or keep a round, never part of one, so every {@code tool_calls} message
 * keeps its results right after it, as the chat completions API requires.
 *
 * @param number 1 for the first round after the pins, in transcript order; appending messages never renumbers one
 * @param messages the round's messages, in transcript order
 */
public record Round(int number, List<ChatMessage> messages) {
  public Round {
    if (number < 1) {
      throw new IllegalArgumentException("a round number must be at least 1, got: " + number);
    }
    messages = List.copyOf(messages);
    if (messages.isEmpty()) {
      throw new IllegalArgumentException("round " + number + " must hold at least one message, got: none");
    }
  }

  /** Whether this is a tool round (an assistant message with tool calls, and their results). */
  public boolean toolRound() {
    return !messages.get(0).toolCalls().isEmpty();
  }

  /** The calls the round's assistant message makes (none for a plain message). */
  public List<ToolCall> calls() {
    return messages.get(0).toolCalls();
  }

  /** What the round costs a request, in characters ({@link ChatMessage#chars()} summed). */
  public long chars() {
    return Rounds.chars(messages);
  }
}
