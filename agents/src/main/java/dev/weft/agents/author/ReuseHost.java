package dev.weft.agents.author;

import dev.weft.agents.program.RunResult;

/**
 * The host's two decisions when stored programs may be reused ({@link ReusingAgent}): whether a program stored for
 * a paraphrase may answer this question, and whether an answer is right. The agent decides neither: a model that
 * wrote a program cannot be trusted to judge that its answer is right, and only the host knows what right means.
 */
public interface ReuseHost {
  /** Whether {@code candidate}, stored for another wording of the question, may answer {@code question}. */
  boolean accept(String question, ProgramCandidate candidate);

  /**
   * Whether {@code result} answers {@code question}; {@code reused} says whether a stored program produced it. A
   * freshly authored program that passes is recorded for reuse; a reused one that fails is recorded as failure
   * evidence and the question is authored afresh, once.
   */
  boolean check(String question, RunResult result, boolean reused);
}
