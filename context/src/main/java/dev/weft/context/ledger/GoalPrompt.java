package dev.weft.context.ledger;

import java.util.Objects;

/**
 * What {@code composeGoal()} gives: the text to put in a system prompt when a goal is active, or, when none is, a
 * refusal meant to be shown as it is ({@code active} false) rather than silently leaving the prompt without one.
 */
public record GoalPrompt(boolean active, String text) {
  public GoalPrompt {
    Objects.requireNonNull(text, "text");
  }
}
