package dev.weft.context.store;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Objects;

/** One answer of {@link Store#rank} or {@link Store#search}: the key, its score (higher is better) and a copy of its value. */
public record RankedKey(String key, double score, JsonNode value) {
  public RankedKey {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(value, "value");
  }
}
