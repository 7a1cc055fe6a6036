package dev.weft.api;

import dev.weft.agents.program.RunResult;
import dev.weft.context.DeadLetter;
import dev.weft.pipelines.Runner;
import java.util.List;
import java.util.Optional;

/**
 * A program run's report: the runner's result and what the source gave it.
 *
 * @param answerSlot where a Beam run wrote its answer in the ledger: the environment slot {@code
 *     answer/FINGERPRINT} of {@code INDEX/ledger} (an index source) or {@code WORK/ledger} (a dataset); empty for an
 *     in-process run
 * @param pieces pieces of {@code input}
 * @param slots slots put into the environment before the run (the files of {@code --env DIR})
 * @param deadLetterCount inputs refused (an undecodable file, an invalid record), each with its reason
 * @param deadLetters the first {@link #LISTED_DEAD_LETTERS} of them
 */
public record ProgramOutcome(RunResult result, Runner executor, String source, int pieces, int slots,
    int deadLetterCount, List<DeadLetter> deadLetters, Optional<String> answerSlot) {
  public static final int LISTED_DEAD_LETTERS = 20;

  public ProgramOutcome {
    deadLetters = List.copyOf(deadLetters);
  }
}
