package dev.weft.agents.loop;

import com.fasterxml.jackson.databind.JsonNode;
import dev.weft.agents.model.ToolCall;
import dev.weft.agents.model.Usage;
import java.util.List;
import java.util.Objects;

/** One thing an agent run did, in order: a model call or a tool call. */
public sealed interface AgentStep {
  /** How long the step took, in milliseconds (reported, never a bound). */
  long ms();

  /**
   * One model call.
   *
   * @param turn the call's number in this run, from 1
   * @param messagesSent the messages the request carried (after the context policy and the goal)
   * @param charsSent the characters of their text
   * @param content the assistant's text
   * @param toolCalls the tool calls it asked for
   * @param finishReason the provider's finish reason ("" when not said)
   * @param usage tokens, reported or estimated ({@link Usage#estimated()})
   */
  record ModelCall(int turn, int messagesSent, long charsSent, String content, List<ToolCall> toolCalls,
      String finishReason, Usage usage, long ms) implements AgentStep {
    public ModelCall {
      Objects.requireNonNull(content, "content");
      toolCalls = List.copyOf(toolCalls);
      Objects.requireNonNull(finishReason, "finishReason");
      Objects.requireNonNull(usage, "usage");
    }
  }

  /**
   * One tool call and its result.
   *
   * @param round the tool round, from 1
   * @param call the call the model made
   * @param result the whole result the toolbox answered (an {@code {error}} object when {@code error})
   * @param error whether the call failed (unknown tool, invalid input, the tool threw)
   * @param resultChars the characters of the result's text
   * @param cut whether the text the model was sent was cut to {@code maxToolResultChars}
   */
  record ToolRun(int round, ToolCall call, JsonNode result, boolean error, long resultChars, boolean cut, long ms)
      implements AgentStep {
    public ToolRun {
      Objects.requireNonNull(call, "call");
      Objects.requireNonNull(result, "result");
    }
  }
}
