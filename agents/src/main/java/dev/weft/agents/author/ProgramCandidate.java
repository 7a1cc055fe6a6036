package dev.weft.agents.author;

import java.util.Objects;

/**
 * A stored program that may answer a question: a skill of the ledger recorded by {@link ProgramLibrary}.
 *
 * @param address the skill's address ({@code skill:N})
 * @param question the question it was recorded for (the skill's {@code when})
 * @param text the program
 * @param similarity the word-set similarity of the two questions, 0 to 1
 * @param sameQuestion whether the questions have the same fingerprint (equal once case, punctuation and spacing are
 *     set aside): such a candidate needs no acceptance by the host
 */
public record ProgramCandidate(String address, String question, String text, double similarity,
    boolean sameQuestion) {
  public ProgramCandidate {
    Objects.requireNonNull(address, "address");
    Objects.requireNonNull(question, "question");
    Objects.requireNonNull(text, "text");
  }
}
