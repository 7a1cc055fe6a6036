package dev.weft.jobs.view;

import dev.weft.pipelines.Runner;

/** The program forms {@code weft program run} and the MCP program_run take, each refused with the value given and
 * the ones accepted. */
public final class ProgramForms {
  private ProgramForms() {}

  /** {@code --runner} of a program: {@link Runner#parseExplicit}, the flag named in the refusal. */
  public static Runner executor(String runner) {
    try {
      return Runner.parseExplicit(runner);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("--" + e.getMessage());
    }
  }
}
