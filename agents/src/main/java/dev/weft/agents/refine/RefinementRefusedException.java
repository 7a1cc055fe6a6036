package dev.weft.agents.refine;

import dev.weft.agents.program.CompileError;
import dev.weft.context.error.ExitStatus;
import dev.weft.context.error.WeftException;
import java.util.List;

/** A proposal failed a gate: the coded, pointered errors a repair round shows the model. */
public final class RefinementRefusedException extends WeftException {
  private static final long serialVersionUID = 1L;
  private final transient List<CompileError> errors;

  public RefinementRefusedException(List<CompileError> errors) {
    super(ExitStatus.BAD_INPUT, "the proposal was refused: " + (errors.isEmpty() ? "no reason given"
        : errors.get(0) + (errors.size() > 1 ? " (and " + (errors.size() - 1) + " more)" : "")));
    if (errors.isEmpty()) {
      throw new IllegalArgumentException("a refusal names at least one error, got none");
    }
    this.errors = List.copyOf(errors);
  }

  public List<CompileError> errors() {
    return errors;
  }
}
