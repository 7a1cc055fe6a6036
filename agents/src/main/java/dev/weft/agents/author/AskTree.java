package dev.weft.agents.author;

import dev.weft.agents.loop.Budget;
import dev.weft.agents.program.RunOptions;
import dev.weft.agents.recursive.Depth;
import dev.weft.agents.recursive.RecursionTree;
import dev.weft.agents.recursive.TreeBudget;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A question asked with recursion: one {@link RecursionTree} whose every level is a {@link LongHorizonAgent} sharing
 * the tree's budget as its account ({@link ModelAccount#of(TreeBudget)}), its map's sub-calls the tree's
 * ({@link MapSubcalls#tree}), its leaf the router's sub-call models at the deepest level. The root is {@link #root}:
 * run it over the question's source, whose {@link AskSource#environment} the children are scoped in.
 *
 * @param tree the tree: its depth, its budget (spend, stop reason) and its children's counts
 * @param root the agent every level runs, the root included
 */
public record AskTree(RecursionTree tree, LongHorizonAgent root) {
  public AskTree {
    Objects.requireNonNull(tree, "tree");
    Objects.requireNonNull(root, "root");
  }

  /**
   * @param router the authoring and sub-call models at each depth
   * @param options the depth asked for ({@link Depth#resolve} makes the tree's, clamped at {@link Depth#MAX})
   * @param budget the whole tree's: authoring and sub-calls at every depth
   * @param runOptions how each level's program runs; its {@code maxConcurrent} is also the tree's K calls in flight
   */
  public static AskTree of(ModelRouter router, AskOptions options, Budget budget, RunOptions runOptions) {
    Objects.requireNonNull(router, "router");
    Depth depth = Depth.resolve(options.depth());
    TreeBudget account = TreeBudget.of(budget, runOptions.maxConcurrent());
    AtomicReference<LongHorizonAgent> level = new AtomicReference<>();
    RecursionTree tree = new RecursionTree(depth, account, MapSubcalls.leaf(router, depth.max()),
        RecursionTree.DEFAULT_MAX_ANSWER_CHARS, t -> {
          level.set(LongHorizonAgent.routed(router, ModelAccount.of(t.budget()), MapSubcalls.tree(t), options,
              runOptions));
          return level.get();
        });
    return new AskTree(tree, level.get());
  }
}
