package dev.weft.jobs.cli;

import dev.weft.agents.loop.AgentRun;
import dev.weft.agents.loop.AgentStep;
import dev.weft.agents.loop.Spend;
import dev.weft.agents.loop.StopReason;
import dev.weft.context.error.ExitStatus;

/** How a {@code weft agent} run ends for the shell: its exit status and the one line on stderr (docs/cli.md). */
final class AgentExit {
  private AgentExit() {}

  /**
   * Answered: {@code OK}. Stopped by a limit the run was given or by Ctrl-C: {@code STOPPED} (6), resumable. The
   * model endpoint failed for good: {@code IO_FAILURE}. The ledger's goal too large for a request:
   * {@code BAD_INPUT} (checkpoint the goal).
   */
  static ExitStatus of(StopReason reason) {
    return switch (reason) {
      case COMPLETED -> ExitStatus.OK;
      case MAX_TOOL_ROUNDS, TURNS, TOKENS, DEADLINE, CANCELLED -> ExitStatus.STOPPED;
      case MODEL_ERROR -> ExitStatus.IO_FAILURE;
      case GOAL_TOO_LARGE -> ExitStatus.BAD_INPUT;
    };
  }

  /**
   * {@code weft agent: run RUN completed: 3 model calls, 2 tool calls, 412 tokens, 35 ms}, or for a stop
   * {@code ... stopped (tokens): <why>; continue with: weft agent --resume RUN}.
   */
  static String summary(String runId, AgentRun run, String resume) {
    Spend spend = run.spend();
    long toolCalls = run.steps().stream().filter(AgentStep.ToolRun.class::isInstance).count();
    String spent = spend.turns() + " model calls, " + toolCalls + " tool calls, " + spend.totalTokens() + " tokens"
        + (spend.estimated() ? " (" + spend.estimatedCalls() + " estimated at 4 characters a token)" : "") + ", "
        + spend.ms() + " ms";
    if (run.completed()) {
      return "weft agent: run " + runId + " completed: " + spent;
    }
    return "weft agent: run " + runId + " stopped (" + run.stopReason().wire() + "): " + run.stopMessage() + "; "
        + spent + "; continue with: " + resume;
  }
}
