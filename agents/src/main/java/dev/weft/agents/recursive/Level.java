package dev.weft.agents.recursive;

import dev.weft.context.env.Environment;
import dev.weft.context.program.CancelSignal;

/**
 * One level of a long-horizon tree: author a program over {@code env}, run it, answer. The long-horizon agent is
 * the implementation; a recursive map sub-call calls it for a child over the child's own scoped environment at
 * {@code depth} (the root is depth 1). An implementation charges every model call it makes (authoring, repair and
 * sub-calls) to the tree's one shared budget, which it was built with.
 */
@FunctionalInterface
public interface Level {
  LevelResult run(int depth, Environment env, String question, CancelSignal cancel);
}
