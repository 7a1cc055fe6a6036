package dev.weft.agents.loop;

import dev.weft.agents.model.ChatMessage;
import dev.weft.agents.model.Usage;
import dev.weft.context.ledger.GoalPrompt;
import dev.weft.context.ledger.Ledger;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The ledger's active goal in a request: composed afresh before every model call (a tool may have appended
 * progress), added to the request's system message and never to the transcript, so a resumed run carries today's
 * goal rather than the one it started with.
 */
final class GoalSection {
  private GoalSection() {}

  /** The goal's text, or empty without a ledger or an active goal (then the request carries none). */
  static Optional<String> compose(Optional<Ledger> ledger) {
    if (ledger.isEmpty()) {
      return Optional.empty();
    }
    GoalPrompt prompt = ledger.get().composeGoal();
    return prompt.active() ? Optional.of(prompt.text()) : Optional.empty();
  }

  /**
   * Why {@code goal} may not go into a request, or empty when it may: more than {@code maxChars} characters, or an
   * estimated size ({@value Usage#CHARS_PER_TOKEN} characters a token) that alone reaches the tokens budget.
   */
  static Optional<String> refusal(String goal, int maxChars, Budget budget) {
    if (goal.length() > maxChars) {
      return Optional.of(String.format(Locale.ROOT, "the ledger's active goal is %,d characters, more than the "
          + "%,d a request may carry (maxGoalChars); a goal is never cut: checkpoint its progress "
          + "(weft ledger goal checkpoint) or raise maxGoalChars", goal.length(), maxChars));
    }
    long tokens = Usage.estimate(goal.length(), 0).promptTokens();
    if (budget.tokens().isPresent() && tokens >= budget.tokens().getAsLong()) {
      return Optional.of(String.format(Locale.ROOT, "the ledger's active goal alone is about %,d tokens "
          + "(%,d characters at %d a token), which reaches the tokens budget of %,d; raise the budget or "
          + "checkpoint the goal's progress (weft ledger goal checkpoint)", tokens, goal.length(),
          Usage.CHARS_PER_TOKEN, budget.tokens().getAsLong()));
    }
    return Optional.empty();
  }

  /** {@code messages} with {@code goal} appended to the leading system message, or in a new one before them. */
  static List<ChatMessage> into(List<ChatMessage> messages, String goal) {
    List<ChatMessage> out = new ArrayList<>(messages.size() + 1);
    if (!messages.isEmpty() && messages.get(0).role() == ChatMessage.Role.SYSTEM) {
      String base = messages.get(0).content();
      out.add(ChatMessage.system(base.isEmpty() ? goal : base + "\n\n" + goal));
      out.addAll(messages.subList(1, messages.size()));
    } else {
      out.add(ChatMessage.system(goal));
      out.addAll(messages);
    }
    return out;
  }
}
