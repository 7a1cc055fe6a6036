package dev.weft.api;

import dev.weft.agents.program.RunResult;
import dev.weft.context.DeadLetter;
import java.util.List;

/**
 * A program run's report: the runner's result and what the source gave it.
 *
 * @param pieces pieces of {@code input}
 * @param slots slots put into the environment before the run (the files of {@code --env DIR})
 * @param deadLetterCount inputs refused (an undecodable file, an invalid record), each with its reason
 * @param deadLetters the first {@link #LISTED_DEAD_LETTERS} of them
 */
public record ProgramOutcome(RunResult result, ProgramExecutor executor, String source, int pieces, int slots,
    int deadLetterCount, List<DeadLetter> deadLetters) {
  public static final int LISTED_DEAD_LETTERS = 20;

  public ProgramOutcome {
    deadLetters = List.copyOf(deadLetters);
  }
}
