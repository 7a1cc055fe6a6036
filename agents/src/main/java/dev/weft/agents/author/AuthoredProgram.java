package dev.weft.agents.author;

import dev.weft.agents.program.Plan;
import java.util.List;
import java.util.Objects;

/**
 * A program the model wrote that compiles against its source.
 *
 * @param text the program as the model wrote it
 * @param plan the compiled plan ({@link Plan#fingerprint} names the program)
 * @param events authored, refused and repaired, in order
 * @param authorCalls the model calls authoring took (1, or 2 with the repair round; each fallback one more)
 */
public record AuthoredProgram(String text, Plan plan, List<AskEvent> events, int authorCalls) {
  public AuthoredProgram {
    Objects.requireNonNull(text, "text");
    Objects.requireNonNull(plan, "plan");
    events = List.copyOf(events);
  }

  public String fingerprint() {
    return plan.fingerprint();
  }

  /** Whether the first program was refused and the repair round's compiled. */
  public boolean repaired() {
    return events.stream().anyMatch(e -> e.kind() == AskEvent.Kind.REPAIRED);
  }
}
