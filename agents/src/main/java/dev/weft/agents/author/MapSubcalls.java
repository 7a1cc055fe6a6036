package dev.weft.agents.author;

import dev.weft.agents.recursive.Level;
import dev.weft.context.program.Subcall;
import java.util.Objects;

/**
 * What answers a level's map calls at a depth. The default, {@link #plain}, is one chat sub-call at every depth;
 * a recursive tree answers a root piece with a child {@link Level} (the agent itself, passed as {@code self}) below
 * the depth cap, and with plain calls at the cap.
 */
@FunctionalInterface
public interface MapSubcalls {
  /**
   * @param depth the depth of the level whose map asks (the root is 1)
   * @param self the level asking, for a sub-call that runs a child level
   */
  Subcall at(int depth, Level self);

  /** At each depth, the sub-call models {@code router} chooses for it, in fallback order ({@link ModelRouter}). */
  static MapSubcalls routed(ModelRouter router) {
    Objects.requireNonNull(router, "router");
    return (depth, self) -> FallbackSubcall.of(router.selectModel(ModelPurpose.SUBCALL, depth));
  }

  /** {@code subcall} at every depth. */
  static MapSubcalls plain(Subcall subcall) {
    Objects.requireNonNull(subcall, "subcall");
    return (depth, self) -> subcall;
  }
}
