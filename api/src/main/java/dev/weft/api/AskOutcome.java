package dev.weft.api;

import dev.weft.agents.author.AskResult;

/**
 * A question answered through the facade: the agent's result (the program, its fingerprint, the answer, calls,
 * spend, events) and the program run's report (runner, source, pieces, dead letters, a Beam run's answer slot).
 */
public record AskOutcome(AskResult result, ProgramOutcome run) {}
