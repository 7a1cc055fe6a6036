package dev.weft.agents.program;

import java.util.Objects;

/**
 * One reason a program was refused.
 *
 * @param code the stable code ({@link ErrorCode})
 * @param pointer the JSON Pointer of the offending member in the document ({@code ""} for the whole document)
 * @param message what is wrong and what to write instead
 */
public record CompileError(ErrorCode code, String pointer, String message) {
  public CompileError {
    Objects.requireNonNull(code, "code");
    Objects.requireNonNull(pointer, "pointer");
    Objects.requireNonNull(message, "message");
  }

  /** {@code AI0201 /steps/2/from: ...}, the one-line form the CLI prints. */
  @Override
  public String toString() {
    return code + " " + (pointer.isEmpty() ? "/" : pointer) + ": " + message;
  }
}
