package dev.weft.agents.program;

import java.util.List;
import java.util.Optional;

/** What {@link ProgramCompiler} answers: a plan, or the errors (never both, never neither). */
public record Compilation(Optional<Plan> plan, List<CompileError> errors) {
  public Compilation {
    errors = List.copyOf(errors);
    if (plan.isPresent() == !errors.isEmpty()) {
      throw new IllegalArgumentException("a compilation has a plan or errors, got plan=" + plan.isPresent()
          + " and " + errors.size() + " errors");
    }
  }

  static Compilation of(Plan plan) {
    return new Compilation(Optional.of(plan), List.of());
  }

  static Compilation refused(List<CompileError> errors) {
    return new Compilation(Optional.empty(), errors);
  }

  public boolean ok() {
    return plan.isPresent();
  }

  /** The plan; call only when {@link #ok}. */
  public Plan planOrThrow() {
    return plan.orElseThrow(() -> new IllegalStateException("the program was refused: " + errors));
  }
}
