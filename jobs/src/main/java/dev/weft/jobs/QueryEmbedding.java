package dev.weft.jobs;

import dev.weft.context.QueryVector;
import dev.weft.context.embed.Embedder;
import dev.weft.context.embed.EmbedderSpec;
import dev.weft.models.embed.QueryEmbedder;

/** Embeds a query with the model's query form (BGE's retrieval instruction, say) when it has one. */
final class QueryEmbedding {
  private QueryEmbedding() {}

  static QueryVector of(EmbedderSpec spec, String query) {
    try (Embedder embedder = spec.create()) {
      return new QueryVector(embedder.identity(), QueryEmbedder.embedQuery(embedder, query));
    }
  }
}
