package dev.weft.agents.author;

import dev.weft.agents.loop.Spend;
import dev.weft.agents.model.ChatException;
import dev.weft.agents.model.Usage;
import dev.weft.agents.recursive.TreeBudget;
import dev.weft.context.error.ExitStatus;
import dev.weft.context.error.WeftException;
import dev.weft.context.program.CancelSignal;
import dev.weft.context.program.SubcallException;
import dev.weft.context.program.SubcallException.Reason;
import java.util.Objects;
import java.util.Optional;

/**
 * {@link ModelAccount#of(TreeBudget)}: the tree's budget as a level's account, so a tree has one account for its
 * authoring calls and its sub-calls alike and one bound on the calls in flight. Thread-safe as the budget is.
 */
final class TreeAccount implements ModelAccount {
  private final TreeBudget tree;

  TreeAccount(TreeBudget tree) {
    this.tree = Objects.requireNonNull(tree, "tree");
  }

  @Override
  public void acquire(String what, CancelSignal cancel) {
    try {
      tree.acquirePermit(what, cancel);
    } catch (SubcallException e) {
      if (e.reason() == SubcallException.Reason.CANCELLED) {
        // as the chat client reports a cancelled call, so the author stops rather than falling back
        throw new ChatException(Reason.CANCELLED, 0, e.getMessage());
      }
      throw new WeftException(ExitStatus.STOPPED, e.getMessage(), e); // the refusal says what to do
    }
  }

  @Override
  public void release() {
    tree.releasePermit();
  }

  @Override
  public Optional<String> reserve() {
    return tree.reserve().map(tree::refusal);
  }

  @Override
  public void settle(Usage usage) {
    tree.settle(usage);
  }

  @Override
  public Spend spent() {
    return tree.spent();
  }
}
