package dev.weft.jobs.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.weft.context.error.Quote;
import java.io.IOException;
import java.io.InputStream;
import java.util.Objects;

/**
 * The JSON a Claude Code hook reads on stdin (docs/agents-clients.md, "Claude Code hooks"): the fields every event
 * carries ({@code session_id}, {@code cwd}, {@code hook_event_name}) and, for a tool event, {@code tool_name} and
 * {@code tool_input}. Read bounded: a {@code Write} carries the whole new file, so the cap is generous, but an endless
 * stream is refused rather than held.
 *
 * @param event {@code hook_event_name}: PreToolUse, SessionStart, ...
 * @param cwd the directory Claude Code runs in, or null when the payload has none
 * @param toolName the tool about to run (PreToolUse), or null
 * @param toolInput its input (PreToolUse), or a missing node
 */
record HookPayload(String event, String cwd, String toolName, JsonNode toolInput) {
  /** The most stdin a hook reads: a Write of a file larger than this is no edit to advise on. */
  static final int MAX_BYTES = 32 << 20;
  private static final ObjectMapper MAPPER = new ObjectMapper();

  HookPayload {
    Objects.requireNonNull(event, "event");
    Objects.requireNonNull(toolInput, "toolInput");
  }

  /**
   * Reads the payload of {@code expectedEvent}.
   *
   * @throws IllegalArgumentException naming what is wrong when the input is not that event's JSON object
   */
  static HookPayload read(InputStream in, String expectedEvent) throws IOException {
    byte[] bytes = in.readNBytes(MAX_BYTES + 1);
    if (bytes.length > MAX_BYTES) {
      throw new IllegalArgumentException("hook input must be at most " + MAX_BYTES + " bytes of JSON, got more");
    }
    JsonNode root;
    try {
      root = MAPPER.readTree(bytes);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("hook input must be Claude Code's " + expectedEvent + " JSON, got: "
          + Quote.of(e.getOriginalMessage()));
    }
    if (root == null || !root.isObject()) {
      throw new IllegalArgumentException("hook input must be a JSON object (Claude Code's " + expectedEvent
          + " payload), got: " + (root == null ? "nothing" : root.getNodeType().toString().toLowerCase()));
    }
    String event = text(root, "hook_event_name");
    if (event != null && !event.equals(expectedEvent)) {
      throw new IllegalArgumentException("hook_event_name must be " + expectedEvent + " for this hook, got: "
          + Quote.of(event) + "; register the hook under that event");
    }
    return new HookPayload(event == null ? expectedEvent : event, text(root, "cwd"), text(root, "tool_name"),
        root.path("tool_input"));
  }

  /** A string field of the tool's input, or null when absent or not a string. */
  String input(String field) {
    return text(toolInput, field);
  }

  static String text(JsonNode node, String field) {
    JsonNode value = node.path(field);
    return value.isTextual() ? value.asText() : null;
  }
}
