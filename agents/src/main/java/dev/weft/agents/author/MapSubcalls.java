package dev.weft.agents.author;

import dev.weft.agents.recursive.Level;
import dev.weft.agents.recursive.RecursionTree;
import dev.weft.context.env.Environment;
import dev.weft.context.program.Subcall;
import java.util.Objects;
import java.util.Optional;

/**
 * What answers a level's map calls at a depth. The default, {@link #plain}, is one chat sub-call at every depth;
 * a recursive tree ({@link #tree}) answers a piece with a child {@link Level} below the depth cap, in a scope of
 * the level's environment, and with plain calls at the cap.
 */
@FunctionalInterface
public interface MapSubcalls {
  /**
   * @param depth the depth of the level whose map asks (the root is 1)
   * @param env the environment the level's program runs in ({@link AskSource#environment}), where a child's scope
   *     is made; empty for a source whose runner keeps none in this process (Beam)
   * @param self the level asking, for a sub-call that runs a child level
   */
  Subcall at(int depth, Optional<Environment> env, Level self);

  /** At each depth, the sub-call models {@code router} chooses for it, in fallback order ({@link ModelRouter}). */
  static MapSubcalls routed(ModelRouter router) {
    Objects.requireNonNull(router, "router");
    return (depth, env, self) -> leaf(router, depth);
  }

  /** {@code subcall} at every depth. */
  static MapSubcalls plain(Subcall subcall) {
    Objects.requireNonNull(subcall, "subcall");
    return (depth, env, self) -> subcall;
  }

  /**
   * The tree's sub-call at each depth ({@link RecursionTree#subcallAt}): a child level per piece below the tree's
   * depth, the tree's leaf, charged to its budget, at it.
   *
   * @throws IllegalArgumentException (when asked) for a level with no environment to scope a child in: recursion
   *     runs in process ({@link dev.weft.agents.recursive.Depth#checkRunner} refuses it earlier on Beam)
   */
  static MapSubcalls tree(RecursionTree tree) {
    Objects.requireNonNull(tree, "tree");
    return (depth, env, self) -> tree.subcallAt(depth, env.orElseThrow(() -> new IllegalArgumentException(
        "depth " + tree.depth().max() + " needs the level's environment to scope its children in, and this "
            + "source runs on a runner that keeps none in this process; pass --runner inprocess")));
  }

  /** The sub-call models {@code router} chooses for a map at {@code depth}, in fallback order, as one sub-call. */
  static Subcall leaf(ModelRouter router, int depth) {
    return FallbackSubcall.of(router.selectModel(ModelPurpose.SUBCALL, depth));
  }
}
