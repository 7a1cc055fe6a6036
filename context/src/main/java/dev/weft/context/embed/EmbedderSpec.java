package dev.weft.context.embed;

import java.io.Serializable;

/**
 * A serializable recipe for an {@link Embedder}: Beam ships it to workers, each builds its own embedder in
 * {@code @Setup}; the CLI parses it from {@code --embedder}.
 */
public interface EmbedderSpec extends Serializable {
  /** The identity the embedder will have, known before it is built. */
  EmbedderIdentity identity();

  Embedder create();
}
