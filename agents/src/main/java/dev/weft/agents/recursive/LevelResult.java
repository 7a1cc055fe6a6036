package dev.weft.agents.recursive;

import dev.weft.agents.program.RunResult;
import java.util.Objects;
import java.util.Optional;

/**
 * What one level of a tree came to: the run of its program, or why there is none.
 *
 * @param run the program's run when one ran (its answer read through {@link RunResult#readAnswer}, bounded)
 * @param error why the level has no answer (a program that would not compile after the repair round, a budget
 *     spent, a cancel), empty when {@code run} is present
 */
public record LevelResult(Optional<RunResult> run, Optional<String> error) {
  public LevelResult {
    Objects.requireNonNull(run, "run");
    Objects.requireNonNull(error, "error");
    if (run.isPresent() == error.isPresent()) {
      throw new IllegalArgumentException("a level result is a run or an error, exactly one, got: run "
          + run.isPresent() + ", error " + error.orElse("none"));
    }
  }

  public static LevelResult ran(RunResult run) {
    return new LevelResult(Optional.of(run), Optional.empty());
  }

  public static LevelResult failed(String error) {
    return new LevelResult(Optional.empty(), Optional.of(error));
  }
}
