package dev.weft.agents.author;

import dev.weft.agents.program.Plan;
import dev.weft.agents.program.RunResult;
import dev.weft.context.env.Environment;
import dev.weft.context.program.CancelSignal;
import dev.weft.context.program.Subcall;
import java.util.Optional;

/**
 * What a question is asked of, and how a program runs over it: the in-process runner over an environment
 * ({@link EnvironmentSource}), or, plugged in from the facade, the in-process or Beam runner over a dataset, an
 * index or a directory. The agent needs no runner of its own, so it imports no Beam.
 */
public interface AskSource {
  /** The bounded description the authoring prompt carries. */
  SourceSketch sketch();

  /** Whether a step may read {@code name} as a slot (the compiler's AI0202 otherwise). */
  boolean hasSlot(String name);

  /**
   * The environment a plan runs in, when it is an object of this process (in process over an environment, a
   * dataset or an index): what a recursive map scopes its children in. Empty for a runner that keeps its state
   * elsewhere (Beam); recursion is refused there.
   */
  default Optional<Environment> environment() {
    return Optional.empty();
  }

  /**
   * Runs a compiled plan with {@code subcall} answering its map.
   *
   * @throws IllegalArgumentException when the runner cannot run the plan or a step cannot run on what it read
   * @throws InterruptedException when the calling thread is interrupted while the map runs
   */
  RunResult run(Plan plan, Subcall subcall, CancelSignal cancel) throws InterruptedException;
}
