package dev.weft.context.generation;

import dev.weft.context.embed.EmbedderIdentity;
import java.util.Objects;

/**
 * The embedder a run asked for, recorded in the manifest whether or not any vector came of it, so a later
 * {@code weft embed-missing} (or a bare {@code weft index --embed}) uses the same one even when every batch failed.
 *
 * @param identity the identity its vectors have
 * @param spec the {@code --embedder} form that rebuilds it (an OpenAI endpoint with its options), or null for an
 *     embedder built in code that has none
 */
public record RequestedEmbedder(EmbedderIdentity identity, String spec) {
  public RequestedEmbedder {
    Objects.requireNonNull(identity, "identity");
  }
}
