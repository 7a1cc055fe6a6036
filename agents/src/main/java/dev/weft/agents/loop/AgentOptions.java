package dev.weft.agents.loop;

import dev.weft.context.ledger.Ledger;
import dev.weft.models.http.EndpointConfig;
import java.util.Objects;
import java.util.Optional;

/**
 * How an {@link Agent} runs. Start from {@link #defaults()} and change what differs with the withers; every value is
 * checked on construction, and a refusal names the option and the value.
 *
 * @param maxToolRounds how many rounds of tool calls a run may make (a round: one model reply's calls); when the
 *     model asks for more, the run stops with {@link StopReason#MAX_TOOL_ROUNDS}; at least 1
 * @param maxToolResultChars the most characters of one tool result the model is sent; a longer one is cut and the
 *     cut said at its end; at least 1
 * @param budget what a run may spend (turns, tokens, ms); a resumed run gets it afresh unless given another
 * @param contextPolicy what of the transcript each request carries ({@link ContextPolicy#whole()}: all of it)
 * @param systemPrompt put first in the transcript when the history given does not start with a system message
 * @param ledger when present, its active goal ({@link Ledger#composeGoal()}) goes into every request's system
 *     message
 * @param stream whether to stream each reply, passing the text to {@link AgentCallbacks#onDelta} as it arrives
 * @param maxGoalChars the most characters of the composed goal a request may carry; a larger goal stops the run
 *     with {@link StopReason#GOAL_TOO_LARGE} before the call, never cut; at least 1
 * @param endpoint the chat endpoint the facade's {@code Weft.agent} asks (an {@link Agent} built here is given its
 *     client and does not read it)
 */
public record AgentOptions(int maxToolRounds, int maxToolResultChars, Budget budget, ContextPolicy contextPolicy,
    Optional<String> systemPrompt, Optional<Ledger> ledger, boolean stream, int maxGoalChars,
    Optional<EndpointConfig> endpoint) {
  public static final int DEFAULT_MAX_TOOL_ROUNDS = 5;
  public static final int DEFAULT_MAX_TOOL_RESULT_CHARS = 8_000;
  public static final int DEFAULT_MAX_GOAL_CHARS = 6_000;

  public AgentOptions {
    if (maxToolRounds < 1) {
      throw new IllegalArgumentException("maxToolRounds must be at least 1, got: " + maxToolRounds);
    }
    if (maxToolResultChars < 1) {
      throw new IllegalArgumentException("maxToolResultChars must be at least 1, got: " + maxToolResultChars);
    }
    Objects.requireNonNull(budget, "budget");
    Objects.requireNonNull(contextPolicy, "contextPolicy");
    Objects.requireNonNull(systemPrompt, "systemPrompt");
    Objects.requireNonNull(ledger, "ledger");
    if (maxGoalChars < 1) {
      throw new IllegalArgumentException("maxGoalChars must be at least 1, got: " + maxGoalChars);
    }
    Objects.requireNonNull(endpoint, "endpoint");
  }

  /**
   * Five tool rounds, 8,000-character tool results, no budget, the whole transcript, no system prompt, ledger or
   * endpoint.
   */
  public static AgentOptions defaults() {
    return new AgentOptions(DEFAULT_MAX_TOOL_ROUNDS, DEFAULT_MAX_TOOL_RESULT_CHARS, Budget.unbounded(),
        ContextPolicy.whole(), Optional.empty(), Optional.empty(), false, DEFAULT_MAX_GOAL_CHARS,
        Optional.empty());
  }

  public AgentOptions withMaxToolRounds(int n) {
    return new AgentOptions(n, maxToolResultChars, budget, contextPolicy, systemPrompt, ledger, stream,
        maxGoalChars, endpoint);
  }

  public AgentOptions withMaxToolResultChars(int n) {
    return new AgentOptions(maxToolRounds, n, budget, contextPolicy, systemPrompt, ledger, stream, maxGoalChars,
        endpoint);
  }

  public AgentOptions withBudget(Budget b) {
    return new AgentOptions(maxToolRounds, maxToolResultChars, b, contextPolicy, systemPrompt, ledger, stream,
        maxGoalChars, endpoint);
  }

  public AgentOptions withContextPolicy(ContextPolicy policy) {
    return new AgentOptions(maxToolRounds, maxToolResultChars, budget, policy, systemPrompt, ledger, stream,
        maxGoalChars, endpoint);
  }

  public AgentOptions withSystemPrompt(String prompt) {
    return new AgentOptions(maxToolRounds, maxToolResultChars, budget, contextPolicy, Optional.of(prompt), ledger,
        stream, maxGoalChars, endpoint);
  }

  public AgentOptions withLedger(Ledger l) {
    return new AgentOptions(maxToolRounds, maxToolResultChars, budget, contextPolicy, systemPrompt,
        Optional.of(l), stream, maxGoalChars, endpoint);
  }

  public AgentOptions withStream(boolean on) {
    return new AgentOptions(maxToolRounds, maxToolResultChars, budget, contextPolicy, systemPrompt, ledger, on,
        maxGoalChars, endpoint);
  }

  /** The chat endpoint {@code Weft.agent} builds the agent's client for; an {@link Agent} given a client ignores it. */
  public AgentOptions withEndpoint(EndpointConfig config) {
    return new AgentOptions(maxToolRounds, maxToolResultChars, budget, contextPolicy, systemPrompt, ledger, stream,
        maxGoalChars, Optional.of(config));
  }

  public AgentOptions withMaxGoalChars(int n) {
    return new AgentOptions(maxToolRounds, maxToolResultChars, budget, contextPolicy, systemPrompt, ledger, stream,
        n, endpoint);
  }
}
