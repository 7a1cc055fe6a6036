package dev.weft.agents.program;

import dev.weft.context.error.ExitStatus;
import dev.weft.context.error.WeftException;
import java.util.List;

/** A program that did not compile, refused before anything ran: nothing was written and no model was called. */
public final class ProgramRefusedException extends WeftException {
  private static final long serialVersionUID = 1L;

  private final transient List<CompileError> errors;

  public ProgramRefusedException(String program, List<CompileError> errors) {
    super(ExitStatus.BAD_INPUT, "the program " + program + " does not compile (" + errors.size() + " error"
        + (errors.size() == 1 ? "" : "s") + "): " + errors.get(0) + "; nothing ran — see them all with `weft program "
        + "compile " + program + "`");
    this.errors = List.copyOf(errors);
  }

  /** Every error, in document order. */
  public List<CompileError> errors() {
    return errors;
  }
}
