package dev.weft.agents.author;

import dev.weft.agents.loop.Budget;
import dev.weft.agents.loop.Spend;
import dev.weft.agents.model.Usage;
import dev.weft.agents.recursive.TreeBudget;
import dev.weft.context.program.CancelSignal;
import java.util.Optional;

/**
 * What the agent charges its model calls to. A turn is reserved before a call is made (so a bound on calls holds
 * exactly when calls start together), and the call's tokens are settled after it. {@link #of(Budget)} is one
 * agent's own account; a tree of levels shares one account, {@link #of(TreeBudget)}, by passing it to every level.
 * An account that bounds calls in flight hands out a slot around each call ({@link #acquire}, {@link #release}).
 */
public interface ModelAccount {
  /** Reserves one call; empty when it may be made, else why not (the budget spent): no call is made then. */
  Optional<String> reserve();

  /** Settles a call's tokens (the provider's usage, else the client's estimate). */
  void settle(Usage usage);

  /** What was spent so far. */
  Spend spent();

  /**
   * Waits for a slot for one call, before {@link #reserve}; every acquire is paired with one {@link #release} after
   * the call, whatever became of it. An own account has no bound on calls in flight: it returns at once.
   *
   * @param what names the call in a refusal ("level 2 author")
   * @throws dev.weft.context.error.WeftException when cancelled or the budget was spent while waiting
   */
  default void acquire(String what, CancelSignal cancel) {}

  /** Gives back the slot {@link #acquire} took. */
  default void release() {}

  /**
   * The account of a whole recursion tree: every level's authoring calls reserve turns on the tree's one budget,
   * settle their tokens there and take one of its K permits while in flight, as its map's sub-calls do.
   */
  static ModelAccount of(TreeBudget tree) {
    return new TreeAccount(tree);
  }

  /** An account bounded by the loop's {@link Budget}: turns, tokens and milliseconds from now. */
  static ModelAccount of(Budget budget) {
    return new BudgetAccount(budget);
  }
}
