package dev.weft.bench.eval;

import dev.weft.context.QueryVector;
import dev.weft.context.embed.Embedder;
import dev.weft.context.embed.EmbedderSpec;
import dev.weft.models.embed.QueryEmbedder;
import java.util.HashMap;
import java.util.Map;

/**
 * The query vectors of one evaluation: each query is embedded once, with the embedder that wrote the chunk
 * vectors, and reused by every mode and level. The embedder is built on first use (an ONNX model takes
 * seconds to load) and closed with this object.
 */
final class QueryVectors implements AutoCloseable {
  static final String NO_EMBEDDER = "needs an embedder (--embedder minilm, bge-small or hash:DIMS)";

  private final EmbedderSpec spec;
  private final Map<String, QueryVector> cache = new HashMap<>();
  private Embedder embedder;

  QueryVectors(EmbedderSpec spec) {
    this.spec = spec;
  }

  /** Why vector modes cannot run (no embedder was given), or null when they can. */
  String whyUnavailable() {
    return spec == null ? NO_EMBEDDER : null;
  }

  /** The embedder identity ({@code model/dims}), or null without an embedder. */
  String identity() {
    return spec == null ? null : spec.identity().toString();
  }

  QueryVector of(BeirSet.Query query) {
    if (spec == null) {
      throw new IllegalStateException("query vectors need an embedder, got none");
    }
    return cache.computeIfAbsent(query.id(), id -> {
      if (embedder == null) {
        embedder = spec.create();
      }
      return new QueryVector(embedder.identity(), QueryEmbedder.embedQuery(embedder, query.text()));
    });
  }

  @Override
  public void close() {
    if (embedder != null) {
      embedder.close();
    }
  }
}
