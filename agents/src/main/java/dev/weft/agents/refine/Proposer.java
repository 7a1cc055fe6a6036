package dev.weft.agents.refine;

import com.fasterxml.jackson.databind.JsonNode;
import dev.weft.agents.program.CompileError;
import java.util.List;
import java.util.Optional;

/**
 * Whoever writes proposals for {@link GuardedRefiner#refine}: a model ({@link ModelProposer}) or a test.
 *
 * @param <D> the document proposals change
 */
@FunctionalInterface
public interface Proposer<D> {
  /**
   * A proposal against {@code document}; {@code rejected} is the previous attempt and its errors when this is a
   * repair round.
   */
  Proposal propose(D document, Optional<Rejected> rejected);

  /**
   * One answer: its text as written, and its JSON when it parsed.
   *
   * @param json empty when the answer is not JSON (gate 1 refuses it with {@code AI0001})
   */
  record Proposal(String text, Optional<JsonNode> json) {
    public static Proposal of(JsonNode json) {
      return new Proposal(json.toString(), Optional.of(json));
    }
  }

  /** A refused attempt: what was proposed, and why it was refused. */
  record Rejected(String text, List<CompileError> errors) {
    public Rejected {
      errors = List.copyOf(errors);
    }
  }
}
