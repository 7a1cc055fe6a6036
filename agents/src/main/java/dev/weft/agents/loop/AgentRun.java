package dev.weft.agents.loop;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.weft.agents.model.ChatMessage;
import java.util.List;
import java.util.Objects;

/**
 * What one {@link Agent#send} or {@link Agent#resume} gave back: the whole transcript, what this run did, why it
 * stopped and what it spent. The transcript always pairs legally: every assistant tool call is answered by a tool
 * message with its id, in order (a call a stop kept from running is answered by a tool message saying so).
 *
 * @param transcript the history given, the system prompt first when the options added it, then every message this
 *     run added; never the goal (that goes into each request only) and never the stop message
 * @param firstAdded the index of the first message this run added ({@link #added()})
 * @param steps this run's model calls and tool calls, in order
 * @param stopReason why it stopped
 * @param stopMessage one readable line saying why and what to do
 * @param answer the model's final text when {@code stopReason} is {@link StopReason#COMPLETED}, else empty
 * @param spend what this run spent (a resumed run counts its own calls only)
 */
public record AgentRun(List<ChatMessage> transcript, int firstAdded, List<AgentStep> steps, StopReason stopReason,
    String stopMessage, String answer, Spend spend) {
  public AgentRun {
    transcript = List.copyOf(transcript);
    steps = List.copyOf(steps);
    if (firstAdded < 0 || firstAdded > transcript.size()) {
      throw new IllegalArgumentException("firstAdded must be between 0 and " + transcript.size() + ", got: "
          + firstAdded);
    }
    Objects.requireNonNull(stopReason, "stopReason");
    Objects.requireNonNull(stopMessage, "stopMessage");
    Objects.requireNonNull(answer, "answer");
    Objects.requireNonNull(spend, "spend");
  }

  /** The messages this run added to the transcript. */
  public List<ChatMessage> added() {
    return transcript.subList(firstAdded, transcript.size());
  }

  /** Whether the model gave its final answer. */
  public boolean completed() {
    return stopReason == StopReason.COMPLETED;
  }

  /**
   * The run as JSON: {@code stopReason}, {@code stopMessage}, {@code answer}, {@code spend}, {@code firstAdded},
   * {@code transcript} (the chat completions wire shape) and {@code steps} (each with a {@code kind}: {@code model}
   * or {@code tool}). {@link #fromJson} reads it back.
   */
  public ObjectNode toJson() {
    return AgentRunJson.write(this);
  }

  /**
   * Reads back what {@link #toJson} wrote (a saved run to resume).
   *
   * @throws IllegalArgumentException naming the field that is missing or wrong
   */
  public static AgentRun fromJson(JsonNode json) {
    return AgentRunJson.read(json);
  }
}
