package dev.weft.agents.author;

import dev.weft.agents.loop.Budget;
import dev.weft.agents.loop.Spend;
import dev.weft.agents.model.Usage;
import java.util.Optional;

/**
 * What the agent charges its model calls to. A turn is reserved before a call is made (so a bound on calls holds
 * exactly when calls start together), and the call's tokens are settled after it. {@link #of(Budget)} is one
 * agent's own account; a tree of levels shares one account (the recursion's tree budget) by passing it to every
 * level.
 */
public interface ModelAccount {
  /** Reserves one call; empty when it may be made, else why not (the budget spent): no call is made then. */
  Optional<String> reserve();

  /** Settles a call's tokens (the provider's usage, else the client's estimate). */
  void settle(Usage usage);

  /** What was spent so far. */
  Spend spent();

  /** An account bounded by the loop's {@link Budget}: turns, tokens and milliseconds from now. */
  static ModelAccount of(Budget budget) {
    return new BudgetAccount(budget);
  }
}
