package dev.weft.agents.loop;

import java.util.Locale;

/** Why an agent run ended: one reason per limit, written in lower snake case ({@link #wire}). */
public enum StopReason {
  /** The model answered without asking for a tool: {@link AgentRun#answer} holds the answer. */
  COMPLETED,
  /** The model asked for tools again after {@code maxToolRounds} rounds of them. */
  MAX_TOOL_ROUNDS,
  /** The turns budget was spent: the next model call was not made. */
  TURNS,
  /** The tokens budget was reached by the last model call. */
  TOKENS,
  /** The ms budget passed (before a call, between tool calls, or during a model call, which it ended). */
  DEADLINE,
  /** The run's {@code CancelSignal} fired. */
  CANCELLED,
  /** A model call failed for good (after the client's retries); the message is the client's one line. */
  MODEL_ERROR,
  /** The ledger's active goal is larger than a request may carry: no call was made with it. */
  GOAL_TOO_LARGE;

  /** The name as JSON and a CLI print it: {@code max_tool_rounds}. */
  public String wire() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The reason named {@code wire}. */
  public static StopReason ofWire(String wire) {
    for (StopReason reason : values()) {
      if (reason.wire().equals(wire)) {
        return reason;
      }
    }
    throw new IllegalArgumentException("stop reason must be one of completed, max_tool_rounds, turns, tokens, "
        + "deadline, cancelled, model_error, goal_too_large, got: '" + wire + "'");
  }
}
