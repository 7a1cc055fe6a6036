package dev.weft.models.hash;

import dev.weft.context.embed.EmbedderIdentity;
import dev.weft.context.embed.EmbedderSpec;

/**
 * The deterministic character-trigram {@link HashEmbedder}: no model, no native code, the same vectors on every
 * machine. For tests and CI; its vectors carry lexical similarity only.
 *
 * @param dims the number of hash buckets, which is the vector length
 */
public record HashEmbedderSpec(int dims) implements EmbedderSpec {
  /** The model name in the identity; bump the version when the hashing changes, so old vectors are refused. */
  public static final String MODEL = "hash-trigram-v1";

  public HashEmbedderSpec {
    if (dims < 1) {
      throw new IllegalArgumentException("hash embedder dims must be at least 1, got: " + dims);
    }
  }

  @Override
  public EmbedderIdentity identity() {
    return new EmbedderIdentity(MODEL, dims);
  }

  @Override
  public HashEmbedder create() {
    return new HashEmbedder(dims);
  }
}
