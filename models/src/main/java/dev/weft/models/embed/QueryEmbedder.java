package dev.weft.models.embed;

import dev.weft.context.embed.Embedder;
import java.util.List;

/**
 * An embedder that may embed a search query differently from a passage. Some retrieval models are asymmetric:
 * BGE recommends an instruction before short queries (see {@code OnnxModel.queryInstruction()}). The vector has the
 * embedder's identity either way, so query and passage vectors stay comparable.
 */
public interface QueryEmbedder extends Embedder {
  /** The vector for a search query; by default the same as embedding it as a passage. */
  default float[] embedQuery(String query) {
    return embed(List.of(query)).get(0);
  }

  /** {@code embedder}'s query vector: its own {@link #embedQuery} when it has one, else the passage vector. */
  static float[] embedQuery(Embedder embedder, String query) {
    if (embedder instanceof QueryEmbedder queryEmbedder) {
      return queryEmbedder.embedQuery(query);
    }
    return embedder.embed(List.of(query)).get(0);
  }
}
