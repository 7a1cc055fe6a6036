package dev.weft.agents.compact;

import dev.weft.agents.model.ChatMessage;
import dev.weft.agents.model.ChatMessage.Role;
import dev.weft.agents.model.ToolCall;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** The chat completions API's pairing rule, as the tests check a request against it. */
final class Legality {
  private Legality() {}

  /**
   * Null when every assistant message with tool calls is followed right away by exactly one tool message per call
   * (and nothing else before the next non-tool message), and every tool message answers such a call; else why not.
   */
  static String violation(List<ChatMessage> request) {
    int i = 0;
    while (i < request.size()) {
      ChatMessage message = request.get(i);
      if (message.role() == Role.TOOL) {
        return "tool message " + i + " answers no preceding tool_calls message";
      }
      i++;
      if (!message.toolCalls().isEmpty()) {
        Set<String> open = new HashSet<>();
        message.toolCalls().stream().map(ToolCall::id).forEach(open::add);
        while (i < request.size() && request.get(i).role() == Role.TOOL) {
          if (!open.remove(request.get(i).toolCallId().orElseThrow())) {
            return "tool message " + i + " answers a call its assistant message did not make";
          }
          i++;
        }
        if (!open.isEmpty()) {
          return "calls " + open + " before message " + i + " have no result";
        }
      }
    }
    return null;
  }
}
