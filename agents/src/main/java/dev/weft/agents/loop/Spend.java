package dev.weft.agents.loop;

import dev.weft.agents.model.Usage;

/**
 * What one agent run spent.
 *
 * @param turns model calls made
 * @param promptTokens prompt tokens over those calls
 * @param completionTokens completion tokens over those calls
 * @param totalTokens total tokens over those calls (what the tokens budget counts)
 * @param estimatedCalls how many of the calls reported no usage, so that their tokens are the client's estimate
 *     ({@value Usage#CHARS_PER_TOKEN} characters per token, {@link Usage#estimate}); 0: every figure is the
 *     provider's
 * @param ms wall-clock milliseconds the run took
 */
public record Spend(int turns, long promptTokens, long completionTokens, long totalTokens, int estimatedCalls,
    long ms) {
  /** Nothing spent. */
  public static final Spend NONE = new Spend(0, 0, 0, 0, 0, 0);

  /** Whether any token figure is an estimate rather than the provider's. */
  public boolean estimated() {
    return estimatedCalls > 0;
  }

  /** This spend plus one model call that used {@code usage}. */
  Spend plus(Usage usage) {
    return new Spend(turns + 1, promptTokens + usage.promptTokens(), completionTokens + usage.completionTokens(),
        totalTokens + usage.totalTokens(), estimatedCalls + (usage.estimated() ? 1 : 0), ms);
  }

  Spend withMs(long elapsed) {
    return new Spend(turns, promptTokens, completionTokens, totalTokens, estimatedCalls, elapsed);
  }
}
