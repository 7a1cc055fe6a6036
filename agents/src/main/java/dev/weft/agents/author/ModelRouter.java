package dev.weft.agents.author;

import dev.weft.models.http.EndpointConfig;
import java.util.List;
import java.util.Objects;

/**
 * Which model answers which call: {@link #selectModel} gives, for a purpose at a depth, the models to ask in order —
 * the first, then each fallback when the one before failed for good (a timeout, a 429 or 5xx after the client's
 * retries, a connection failure). Every model asked is one more call: each fallback reserves its own turn on the
 * account, so a fallback never asks past the budget. Embeddings are not routed ({@link ModelPurpose#ofWire}).
 */
@FunctionalInterface
public interface ModelRouter {
  /**
   * @param purpose writing the program, or answering a piece of its map
   * @param depth the level asking (the root is 1)
   * @return at least one model, in the order to ask them
   */
  List<ModelChoice> selectModel(ModelPurpose purpose, int depth);

  /** One endpoint for every purpose and depth. */
  static ModelRouter single(EndpointConfig endpoint) {
    return byPurpose(List.of(ModelChoice.of(endpoint)), List.of(ModelChoice.of(endpoint)));
  }

  /** {@code author} writes every program, {@code subcall} answers every map, at every depth. */
  static ModelRouter byPurpose(List<ModelChoice> author, List<ModelChoice> subcall) {
    List<ModelChoice> authors = checked("author", author);
    List<ModelChoice> subcalls = checked("subcall", subcall);
    return (purpose, depth) -> purpose == ModelPurpose.AUTHOR ? authors : subcalls;
  }

  /** The router's answer, checked: a purpose with no model is a configuration error, refused by name. */
  static List<ModelChoice> checked(String purpose, List<ModelChoice> choices) {
    Objects.requireNonNull(choices, purpose);
    if (choices.isEmpty()) {
      throw new IllegalArgumentException("the model router chose no model for " + purpose + "; give it at least one");
    }
    return List.copyOf(choices);
  }
}
