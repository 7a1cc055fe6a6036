package dev.weft.context.memory;

import dev.weft.context.embed.Embedder;
import dev.weft.context.embed.EmbedderIdentity;
import dev.weft.context.store.StoredEmbedding;
import java.util.List;
import java.util.Optional;

/**
 * The memory's embedder, if it has one. Embedders are not thread-safe, so calls hold the embedder's own monitor:
 * the same lock a facade that shares the embedder with corpus queries takes.
 */
final class MemoryVectors {
  private final Embedder embedder;

  MemoryVectors(Embedder embedder) {
    this.embedder = embedder;
  }

  Optional<EmbedderIdentity> identity() {
    return embedder == null ? Optional.empty() : Optional.of(embedder.identity());
  }

  /** The text's embedding; throws what the embedder throws. Call only when {@link #identity()} is present. */
  StoredEmbedding embed(String text) {
    List<float[]> vectors;
    synchronized (embedder) {
      vectors = embedder.embed(List.of(text));
    }
    return new StoredEmbedding(embedder.identity(), vectors.get(0));
  }
}
