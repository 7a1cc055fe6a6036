package dev.weft.api;

import dev.weft.agents.author.AskResult;
import dev.weft.agents.recursive.RecursionTree;
import java.util.Objects;
import java.util.Optional;

/**
 * A question answered through the facade: the agent's result (the program, its fingerprint, the answer, calls,
 * spend, events) and the program run's report (runner, source, pieces, dead letters, a Beam run's answer slot).
 *
 * @param children at depth 2 or more, the tree's children: ran, reused (a finished child's answer kept in its
 *     parent's slots), failed (each its piece's {@code {error, depth, address}}); empty at depth 1
 */
public record AskOutcome(AskResult result, ProgramOutcome run, Optional<RecursionTree.Children> children) {
  public AskOutcome {
    Objects.requireNonNull(result, "result");
    Objects.requireNonNull(run, "run");
    Objects.requireNonNull(children, "children");
  }
}
