package dev.weft.agents.recursive;

import dev.weft.agents.program.Compilation;
import dev.weft.agents.program.MapProgress;
import dev.weft.agents.program.ProgramCompiler;
import dev.weft.agents.program.ProgramRunner;
import dev.weft.agents.program.RunOptions;
import dev.weft.agents.program.RunResult;
import dev.weft.context.env.Environment;
import dev.weft.context.env.SlotNotFoundException;
import dev.weft.context.program.CancelSignal;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.IntFunction;

/**
 * A {@link Level} that runs a program written in advance instead of authoring one: the program for each depth is
 * given ({@code programAt}), compiled against the level's environment — for envelopes below the root
 * ({@link RecursionTree#answersEnvelopes}) — and run in process with the tree's sub-call for that depth. A child's
 * program reads its piece from the slot {@code corpus}. For hosts whose programs are written by hand, and for tests
 * and benchmarks of the recursion without a model author; the question is not read (the program is fixed).
 */
public final class ProgramLevel implements Level {
  private final RecursionTree tree;
  private final IntFunction<String> programAt;
  private final RunOptions options;

  private ProgramLevel(RecursionTree tree, IntFunction<String> programAt, RunOptions options) {
    this.tree = tree;
    this.programAt = programAt;
    this.options = options;
  }

  /** The factory a {@link RecursionTree} takes: the program text for each depth (1 is the root). */
  public static Function<RecursionTree, Level> of(IntFunction<String> programAt, RunOptions options) {
    Objects.requireNonNull(programAt, "programAt");
    Objects.requireNonNull(options, "options");
    return tree -> new ProgramLevel(tree, programAt, options);
  }

  @Override
  public LevelResult run(int depth, Environment env, String question, CancelSignal cancel) {
    Compilation compiled = ProgramCompiler.compileText(programAt.apply(depth), name -> exists(env, name),
        RecursionTree.answersEnvelopes(depth));
    if (!compiled.ok()) {
      return LevelResult.failed("the program of level " + depth + " was refused: " + compiled.errors().get(0)
          + (compiled.errors().size() > 1 ? " (and " + (compiled.errors().size() - 1) + " more)" : ""));
    }
    ProgramRunner runner = new ProgramRunner(env, tree.subcallAt(depth, env), options);
    try {
      RunResult run = runner.run(compiled.planOrThrow(), List.of(), cancel, MapProgress.Listener.none());
      return LevelResult.ran(run);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return LevelResult.failed("the level " + depth + " run was interrupted; its finished steps are in its slots");
    }
  }

  private static boolean exists(Environment env, String name) {
    try {
      env.stat(name);
      return true;
    } catch (SlotNotFoundException e) {
      return false;
    }
  }
}
