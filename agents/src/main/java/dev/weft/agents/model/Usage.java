package dev.weft.agents.model;

/**
 * Tokens one chat call used: as the provider reported them, or — when it reported none — estimated
 * deterministically at {@value #CHARS_PER_TOKEN} characters per token (rounded up) of the prompt's and the
 * reply's text, and flagged {@code estimated}. The estimate is for budgets and reports, not for billing.
 */
public record Usage(long promptTokens, long completionTokens, long totalTokens, boolean estimated) {
  public static final int CHARS_PER_TOKEN = 4;

  public Usage {
    if (promptTokens < 0 || completionTokens < 0 || totalTokens < 0) {
      throw new IllegalArgumentException("token counts must be at least 0, got: " + promptTokens + "/"
          + completionTokens + "/" + totalTokens);
    }
  }

  /** As the provider reported it. */
  public static Usage reported(long prompt, long completion, long total) {
    return new Usage(prompt, completion, total, false);
  }

  /** The estimate for a prompt and a reply of these many characters. */
  public static Usage estimate(long promptChars, long completionChars) {
    long prompt = tokens(promptChars);
    long completion = tokens(completionChars);
    return new Usage(prompt, completion, prompt + completion, true);
  }

  private static long tokens(long chars) {
    return (chars + CHARS_PER_TOKEN - 1) / CHARS_PER_TOKEN;
  }
}
