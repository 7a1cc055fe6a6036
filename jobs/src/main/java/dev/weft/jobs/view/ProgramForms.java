package dev.weft.jobs;

import dev.weft.bench.program.ProgramBench;
import dev.weft.pipelines.Runner;
import java.util.Arrays;
import java.util.Locale;

/** The program commands' option forms, each refused with the value given and the ones accepted. */
final class ProgramForms {
  private ProgramForms() {}

  /** {@code --runner} of a program: {@link Runner#parseExplicit}, the flag named in the refusal. */
  static Runner executor(String runner) {
    try {
      return Runner.parseExplicit(runner);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("--" + e.getMessage());
    }
  }

  static ProgramBench.Transport transport(String transport) {
    for (ProgramBench.Transport t : ProgramBench.Transport.values()) {
      if (t.name().equalsIgnoreCase(transport)) {
        return t;
      }
    }
    throw new IllegalArgumentException("--transport must be one of " + Arrays.stream(ProgramBench.Transport.values())
        .map(t -> t.name().toLowerCase(Locale.ROOT)).toList() + ", got: " + transport);
  }
}
