package dev.weft.context.store;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.weft.context.embed.EmbedderIdentity;
import java.util.Objects;
import java.util.Optional;

/**
 * The vector a stored value carries, at {@code value.embedding}: {@code {"model": "...", "dims": 384, "vector":
 * [...]}}. The identity travels with the vector so vectors of different models are never compared.
 */
public record StoredEmbedding(EmbedderIdentity identity, float[] vector) {
  /** The field of a value that holds its embedding. */
  public static final String FIELD = "embedding";

  public StoredEmbedding {
    Objects.requireNonNull(identity, "identity");
    Objects.requireNonNull(vector, "vector");
    if (vector.length != identity.dims()) {
      throw new IllegalArgumentException(
          "embedding has " + vector.length + " floats but its identity " + identity + " says " + identity.dims());
    }
  }

  /**
   * The embedding of {@code value}, or empty when it has none. A malformed one (wrong dims, a non-number) is
   * refused by name rather than read as "no embedding".
   */
  public static Optional<StoredEmbedding> of(JsonNode value) {
    JsonNode node = value == null ? null : value.get(FIELD);
    if (node == null || node.isNull()) {
      return Optional.empty();
    }
    JsonNode model = node.get("model");
    JsonNode dims = node.get("dims");
    JsonNode vector = node.get("vector");
    if (model == null || !model.isTextual() || dims == null || !dims.canConvertToInt() || vector == null
        || !vector.isArray()) {
      throw new IllegalArgumentException(
          "value." + FIELD + " must be {\"model\": text, \"dims\": int, \"vector\": [numbers]}, got: " + node);
    }
    float[] floats = new float[vector.size()];
    for (int i = 0; i < floats.length; i++) {
      JsonNode x = vector.get(i);
      if (!x.isNumber()) {
        throw new IllegalArgumentException("value." + FIELD + ".vector[" + i + "] must be a number, got: " + x);
      }
      floats[i] = x.floatValue();
    }
    return Optional.of(new StoredEmbedding(new EmbedderIdentity(model.textValue(), dims.intValue()), floats));
  }

  /** This embedding as the JSON a value carries at {@link #FIELD}. */
  public ObjectNode toJson() {
    ObjectNode node = JsonNodeFactory.instance.objectNode();
    node.put("model", identity.model());
    node.put("dims", identity.dims());
    var array = node.putArray("vector");
    for (float x : vector) {
      array.add(x);
    }
    return node;
  }
}
