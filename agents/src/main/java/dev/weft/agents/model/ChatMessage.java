package dev.weft.agents.model;

import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * One message of a conversation.
 *
 * @param role who speaks
 * @param content the text; empty for an assistant message that only calls tools
 * @param toolCalls the calls an assistant message makes
 * @param toolCallId the call a {@code tool} message answers
 */
public record ChatMessage(Role role, String content, List<ToolCall> toolCalls, Optional<String> toolCallId) {
  /** The roles of the chat completions API, written in lower case on the wire. */
  public enum Role {
    SYSTEM, USER, ASSISTANT, TOOL;

    public String wire() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  public ChatMessage {
    Objects.requireNonNull(role, "role");
    Objects.requireNonNull(content, "content");
    toolCalls = List.copyOf(toolCalls);
    Objects.requireNonNull(toolCallId, "toolCallId");
    if (!toolCalls.isEmpty() && role != Role.ASSISTANT) {
      throw new IllegalArgumentException("only an assistant message makes tool calls, got role: " + role.wire());
    }
    if ((role == Role.TOOL) != toolCallId.isPresent()) {
      throw new IllegalArgumentException("a tool message, and only a tool message, names the call it answers; "
          + "got role " + role.wire() + (toolCallId.isPresent() ? " with" : " without") + " a tool call id");
    }
  }

  /**
   * What the message costs a request in characters: its text plus every tool call's name and arguments. The one
   * size rule of a message: the usage estimate and the history budget both count with it.
   */
  public long chars() {
    long chars = content.length();
    for (ToolCall call : toolCalls) {
      chars += call.name().length() + call.arguments().length();
    }
    return chars;
  }

  public static ChatMessage system(String content) {
    return new ChatMessage(Role.SYSTEM, content, List.of(), Optional.empty());
  }

  public static ChatMessage user(String content) {
    return new ChatMessage(Role.USER, content, List.of(), Optional.empty());
  }

  public static ChatMessage assistant(String content) {
    return new ChatMessage(Role.ASSISTANT, content, List.of(), Optional.empty());
  }

  /** An assistant message that calls tools (what a reply with tool calls becomes in the next request). */
  public static ChatMessage assistant(String content, List<ToolCall> toolCalls) {
    return new ChatMessage(Role.ASSISTANT, content, toolCalls, Optional.empty());
  }

  /** The result of the tool call {@code toolCallId}. */
  public static ChatMessage tool(String toolCallId, String content) {
    return new ChatMessage(Role.TOOL, content, List.of(), Optional.of(toolCallId));
  }
}
