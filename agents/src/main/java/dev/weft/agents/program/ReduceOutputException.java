package dev.weft.agents.program;

import java.util.Objects;

/**
 * A reduce's result contradicted its declaration at run time ({@link ErrorCode#AI0209}): its declared output schema,
 * or, in a plan compiled for a child level, the {@code {slot, value}} envelopes ({@link Envelopes}). An
 * {@link IllegalArgumentException}, as every step that cannot run on what it read is, carrying the coded error.
 */
public final class ReduceOutputException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final transient CompileError error;

  public ReduceOutputException(CompileError error) {
    super(Objects.requireNonNull(error, "error").toString());
    this.error = error;
  }

  /** The coded error, its pointer into the program. */
  public CompileError error() {
    return error;
  }
}
