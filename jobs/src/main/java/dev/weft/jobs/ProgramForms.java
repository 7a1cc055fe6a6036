package dev.weft.jobs;

import dev.weft.api.ProgramExecutor;
import dev.weft.bench.program.ProgramBench;
import java.util.Arrays;
import java.util.Locale;

/** The program commands' option forms, each refused with the value given and the ones accepted. */
final class ProgramForms {
  private ProgramForms() {}

  static ProgramExecutor executor(String runner) {
    for (ProgramExecutor executor : ProgramExecutor.values()) {
      if (executor.id().equals(runner.toLowerCase(Locale.ROOT))) {
        return executor;
      }
    }
    throw new IllegalArgumentException("--runner must be one of " + Arrays.stream(ProgramExecutor.values())
        .map(ProgramExecutor::id).toList() + ", got: " + runner);
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
