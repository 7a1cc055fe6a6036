package dev.weft.api;

import dev.weft.context.embed.Embedder;
import dev.weft.context.embed.EmbedderIdentity;
import dev.weft.context.embed.EmbedderSpec;
import java.util.List;

/**
 * An embedder built on its first embed, so a memory opened only to get, list, count or forget never loads a model;
 * calls hold the built embedder's monitor, as the facade's query embedding does.
 */
final class LazyEmbedder implements Embedder {
  private final EmbedderSpec spec;
  private final Embedders embedders;

  LazyEmbedder(EmbedderSpec spec, Embedders embedders) {
    this.spec = spec;
    this.embedders = embedders;
  }

  @Override
  public EmbedderIdentity identity() {
    return spec.identity();
  }

  @Override
  public List<float[]> embed(List<String> texts) {
    Embedder embedder = embedders.embedder(spec);
    synchronized (embedder) {
      return embedder.embed(texts);
    }
  }
}
