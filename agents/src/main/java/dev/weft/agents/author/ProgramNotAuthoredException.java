package dev.weft.agents.author;

import dev.weft.agents.program.CompileError;
import dev.weft.context.error.ExitStatus;
import dev.weft.context.error.WeftException;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The model did not author a program that compiles, after the repair round: nothing ran. {@link ExitStatus#BAD_INPUT}
 * (2), as for any program the compiler refuses; the message names the codes and pointers of the last refusal.
 */
public final class ProgramNotAuthoredException extends WeftException {
  private static final long serialVersionUID = 1L;

  private final transient List<CompileError> errors;
  private final String lastText;

  public ProgramNotAuthoredException(List<CompileError> errors, String lastText) {
    super(ExitStatus.BAD_INPUT, "the model did not write a program that compiles, after one repair round ("
        + errors.size() + " error" + (errors.size() == 1 ? "" : "s") + ": "
        + errors.stream().limit(4).map(e -> e.code() + " " + (e.pointer().isEmpty() ? "/" : e.pointer()))
            .collect(Collectors.joining(", ")) + (errors.size() > 4 ? ", ..." : "") + "; first: "
        + oneLine(errors.get(0).toString()) + "); nothing ran — ask a stronger --model, or write the program and run it with `weft program run`");
    this.errors = List.copyOf(errors);
    this.lastText = lastText;
  }

  /** A compiler message may quote what the model wrote, line breaks included: the refusal stays one line. */
  private static String oneLine(String text) {
    return text.replaceAll("[\\r\\n]+", " ");
  }

  /** The last refusal's errors. */
  public List<CompileError> errors() {
    return errors;
  }

  /** The last program the model wrote, as it wrote it. */
  public String lastText() {
    return lastText;
  }
}
