package dev.weft.agents.author;

import dev.weft.models.http.EndpointConfig;
import java.time.Duration;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * One model a router chose: the endpoint, each call's deadline, and a cap on the reply's tokens.
 *
 * @param endpoint the OpenAI-compatible endpoint and model
 * @param deadlineMs each call's whole deadline (the endpoint's timeout), at least 1
 * @param outputTokens the most tokens a reply may have ({@code max_tokens}), when capped: applied to authoring
 *     requests; a sub-call's reply is bounded by its map's output schema instead
 */
public record ModelChoice(EndpointConfig endpoint, long deadlineMs, OptionalInt outputTokens) {
  public ModelChoice {
    Objects.requireNonNull(endpoint, "endpoint");
    Objects.requireNonNull(outputTokens, "outputTokens");
    if (deadlineMs < 1) {
      throw new IllegalArgumentException("a model choice's deadlineMs must be at least 1, got: " + deadlineMs);
    }
    if (outputTokens.isPresent() && outputTokens.getAsInt() < 1) {
      throw new IllegalArgumentException("a model choice's outputTokens must be at least 1, got: "
          + outputTokens.getAsInt());
    }
  }

  /** {@code endpoint} with its own timeout as the deadline, no token cap. */
  public static ModelChoice of(EndpointConfig endpoint) {
    return new ModelChoice(endpoint, endpoint.timeout().toMillis(), OptionalInt.empty());
  }

  /** The endpoint with this choice's deadline. */
  public EndpointConfig configured() {
    return endpoint.withTimeout(Duration.ofMillis(deadlineMs));
  }
}
