package dev.weft.api;

import dev.weft.context.QueryVector;
import dev.weft.context.embed.Embedder;
import dev.weft.transforms.embed.QueryEmbedder;
import java.util.List;

/** Embeds a query with the model's query form (BGE's retrieval instruction, say) when it has one. */
final class QueryEmbedding {
  private QueryEmbedding() {}

  static QueryVector of(Embedder embedder, String query) {
    float[] vector = embedder instanceof QueryEmbedder q ? q.embedQuery(query)
        : embedder.embed(List.of(query)).get(0);
    return new QueryVector(embedder.identity(), vector);
  }
}
