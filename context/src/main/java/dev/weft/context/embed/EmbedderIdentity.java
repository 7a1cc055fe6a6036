package dev.weft.context.embed;

import java.io.Serializable;
import java.util.Objects;

/**
 * Which model made a vector. It travels with every vector (chunk documents, generation manifests, query
 * vectors) so vectors of different models are never compared: equal dims alone say nothing.
 *
 * @param model a stable model name, e.g. {@code all-minilm-l6-v2-q} or {@code openai:text-embedding-3-small}
 * @param dims the vector length
 */
public record EmbedderIdentity(String model, int dims) implements Serializable {
  public EmbedderIdentity {
    Objects.requireNonNull(model, "model");
    if (model.isBlank()) {
      throw new IllegalArgumentException("embedder model must not be blank, got: '" + model + "'");
    }
    if (dims < 1) {
      throw new IllegalArgumentException("embedder dims must be at least 1, got: " + dims);
    }
  }

  /** True only when both identities are known and name the same model with the same dims. */
  public static boolean sameIdentity(EmbedderIdentity a, EmbedderIdentity b) {
    return a != null && b != null && a.model.equals(b.model) && a.dims == b.dims;
  }

  /** {@code model/dims}, the form used in manifests, messages and the CLI. */
  @Override
  public String toString() {
    return model + "/" + dims;
  }
}
