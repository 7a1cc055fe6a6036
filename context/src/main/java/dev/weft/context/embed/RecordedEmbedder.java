package dev.weft.context.embed;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Optional;

/**
 * The one embedder whose vectors a store's records carry, kept as {@code {"model", "dims"}} under a key of the
 * store (the memory's {@code memory/config}, the ledger's {@code ledger/config}) by the first vector written: what
 * a facade opens them with when the caller names no embedder, and what a query or write of another model is
 * refused by name against.
 */
public final class RecordedEmbedder {
  private RecordedEmbedder() {}

  /** The identity {@code config} records, empty when it is absent or records none. */
  public static Optional<EmbedderIdentity> of(Optional<JsonNode> config) {
    return config.filter(c -> c.path("model").isTextual())
        .map(c -> new EmbedderIdentity(c.path("model").textValue(), c.path("dims").asInt()));
  }

  /** The value recording {@code identity}. */
  public static ObjectNode json(EmbedderIdentity identity) {
    return JsonNodeFactory.instance.objectNode().put("model", identity.model()).put("dims", identity.dims());
  }
}
