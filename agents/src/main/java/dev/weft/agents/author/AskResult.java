package dev.weft.agents.author;

import dev.weft.agents.loop.Spend;
import dev.weft.agents.program.RunResult;
import java.util.List;
import java.util.Objects;

/**
 * A question answered: the program the model wrote, its run (the answer, a bounded preview with the rest read
 * through {@link RunResult#readAnswer}), and what it cost.
 *
 * @param question the question asked
 * @param program the program that ran, with its text and fingerprint
 * @param run the run's report and answer
 * @param options the depth asked for (and so the depth used, and whether it was clamped)
 * @param spend the account's spend after the run: the authoring calls, and the sub-calls when the account meters
 *     them (a tree budget does; the plain sub-call's tokens are not reported through the runner)
 * @param events authored, refused, repaired, ran: in order
 */
public record AskResult(String question, AuthoredProgram program, RunResult run, AskOptions options, Spend spend,
    List<AskEvent> events) {
  public AskResult {
    Objects.requireNonNull(question, "question");
    Objects.requireNonNull(program, "program");
    Objects.requireNonNull(run, "run");
    Objects.requireNonNull(options, "options");
    Objects.requireNonNull(spend, "spend");
    events = List.copyOf(events);
  }

  public String fingerprint() {
    return program.fingerprint();
  }

  /** Model calls the authoring made: 1, or 2 with the repair round, and one more for each fallback. */
  public int authorCalls() {
    return program.authorCalls();
  }

  /** The map's sub-calls. */
  public int subcalls() {
    return run.subcalls();
  }

  /** Every model call the question took: authoring and sub-calls. */
  public int calls() {
    return authorCalls() + subcalls();
  }
}
