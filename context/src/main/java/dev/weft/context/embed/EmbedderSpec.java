package dev.weft.context.embed;

import java.io.Serializable;

/**
 * A serializable recipe for an {@link Embedder}: Beam ships it to workers, each builds its own embedder in
 * {@code @Setup}; the CLI parses it from {@code --embedder}.
 */
public interface EmbedderSpec extends Serializable {
  /** Failed batches in a row after which a run stops calling an embedder, unless its spec says otherwise. */
  int DEFAULT_BREAKER_THRESHOLD = 3;

  /** The identity the embedder will have, known before it is built. */
  EmbedderIdentity identity();

  Embedder create();

  /**
   * After this many failed batches in a row a run stops calling the embedder (the circuit breaker): the rest of its
   * chunks are indexed without vectors, counted as {@code circuit_open}, for {@code weft embed-missing} to fill.
   */
  default int breakerThreshold() {
    return DEFAULT_BREAKER_THRESHOLD;
  }
}
