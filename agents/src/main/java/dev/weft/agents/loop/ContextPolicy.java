package dev.weft.agents.loop;

import dev.weft.agents.model.ChatMessage;
import dev.weft.agents.tool.Toolbox;
import java.util.List;

/**
 * What the agent loop sends of its transcript. Before each model call the loop hands the whole transcript so far
 * (which it never shortens) to {@link #fit}, and sends what comes back: all of it, a compacted history, or a
 * window plus the address of a slot that holds the rest.
 */
public interface ContextPolicy {
  /** The messages to send for the next call; must not mutate {@code transcript}. */
  List<ChatMessage> fit(List<ChatMessage> transcript);

  /** Adds the tools this policy needs the model to have (e.g. one that brings back a dropped round). */
  default void addTools(Toolbox toolbox) {}

  /** Sends the whole transcript every time. */
  static ContextPolicy whole() {
    return transcript -> transcript;
  }
}
