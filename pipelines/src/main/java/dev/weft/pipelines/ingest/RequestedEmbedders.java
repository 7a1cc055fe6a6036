package dev.weft.pipelines.ingest;

import dev.weft.context.embed.EmbedderSpec;
import dev.weft.context.generation.RequestedEmbedder;
import dev.weft.models.EmbedderSpecs;

/** The manifest's record of a run's embedder: its identity and the {@code --embedder} form that rebuilds it. */
final class RequestedEmbedders {
  private RequestedEmbedders() {}

  /** @return null for a run without an embedder (the manifest then keeps the served generation's) */
  static RequestedEmbedder of(EmbedderSpec spec) {
    return spec == null ? null : new RequestedEmbedder(spec.identity(), EmbedderSpecs.format(spec).orElse(null));
  }

  /** How messages name the embedder: its spec form (which names an endpoint), else its identity. */
  static String describe(EmbedderSpec spec) {
    return EmbedderSpecs.format(spec).orElse(spec.identity().toString());
  }
}
