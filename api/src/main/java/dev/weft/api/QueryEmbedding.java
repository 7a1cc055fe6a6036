package dev.weft.api;

import dev.weft.context.QueryVector;
import dev.weft.context.embed.Embedder;
import dev.weft.models.embed.QueryEmbedder;

/** Embeds a query with the model's query form (BGE's retrieval instruction, say) when it has one. */
final class QueryEmbedding {
  private QueryEmbedding() {}

  static QueryVector of(Embedder embedder, String query) {
    return new QueryVector(embedder.identity(), QueryEmbedder.embedQuery(embedder, query));
  }
}
