package dev.weft.agents.loop;

import dev.weft.agents.model.ToolCall;
import dev.weft.agents.tool.ToolResult;

/**
 * What a caller hears of a run while it goes; every method is a no-op by default. Called on the thread that runs
 * the loop, except {@link #onDelta}, which a streamed reply calls on the HTTP client's thread (in order, before the
 * model call's {@link #onStep}). A callback that throws ends the run with that exception (a delta callback that
 * throws fails its model call as a malformed reply).
 *
 * <p>Order for one round: the deltas of the reply, {@code onStep(ModelCall)}, then per tool call
 * {@code onToolCall}, {@code onToolResult}, {@code onStep(ToolRun)}.
 */
public interface AgentCallbacks {
  /** Hears nothing. */
  AgentCallbacks NONE = new AgentCallbacks() { };

  /** A piece of the assistant's text, as a streamed reply delivers it ({@link AgentOptions#stream} on). */
  default void onDelta(String text) {}

  /** Before a tool runs. */
  default void onToolCall(ToolCall call) {}

  /** After a tool ran, with its whole (uncut) result. */
  default void onToolResult(ToolCall call, ToolResult result) {}

  /** After each model call and each tool call. */
  default void onStep(AgentStep step) {}
}
