package dev.weft.agents.loop;

import java.util.Objects;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * What one agent run may spend; each bound is optional (absent: unbounded).
 *
 * @param turns model calls: a call that would exceed it is not made ({@link StopReason#TURNS})
 * @param tokens total tokens, reported or estimated: the run stops after the call that reaches it
 *     ({@link StopReason#TOKENS})
 * @param ms wall-clock milliseconds from the start of the run: checked before each model call and between tool
 *     calls, and it ends a model call in flight ({@link StopReason#DEADLINE})
 */
public record Budget(OptionalInt turns, OptionalLong tokens, OptionalLong ms) {
  public Budget {
    Objects.requireNonNull(turns, "turns");
    Objects.requireNonNull(tokens, "tokens");
    Objects.requireNonNull(ms, "ms");
    if (turns.isPresent() && turns.getAsInt() < 1) {
      throw new IllegalArgumentException("the turns budget must be at least 1, got: " + turns.getAsInt());
    }
    if (tokens.isPresent() && tokens.getAsLong() < 1) {
      throw new IllegalArgumentException("the tokens budget must be at least 1, got: " + tokens.getAsLong());
    }
    if (ms.isPresent() && ms.getAsLong() < 1) {
      throw new IllegalArgumentException("the ms budget must be at least 1, got: " + ms.getAsLong());
    }
  }

  /** No bound at all (the loop is still bounded by {@code maxToolRounds}). */
  public static Budget unbounded() {
    return new Budget(OptionalInt.empty(), OptionalLong.empty(), OptionalLong.empty());
  }

  public Budget withTurns(int turns) {
    return new Budget(OptionalInt.of(turns), tokens, ms);
  }

  public Budget withTokens(long tokens) {
    return new Budget(turns, OptionalLong.of(tokens), ms);
  }

  public Budget withMs(long ms) {
    return new Budget(turns, tokens, OptionalLong.of(ms));
  }
}
