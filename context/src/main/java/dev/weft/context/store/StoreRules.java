package dev.weft.context.store;

import com.fasterxml.jackson.databind.JsonNode;
import dev.weft.context.ChunkVectors;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The checks every adapter applies before it writes, so a bad key or value is refused the same way by all of
 * them — by name, before anything is published.
 */
public final class StoreRules {
  private StoreRules() {}

  /** Refuses a null or blank key. */
  public static String checkKey(String key) {
    Objects.requireNonNull(key, "key");
    if (key.isBlank()) {
      throw new IllegalArgumentException("a store key must not be blank, got: '" + key + "'");
    }
    return key;
  }

  /**
   * Refuses a null value or a malformed {@code value.embedding} (wrong dims, not finite, all zeros), naming the
   * key; answers the embedding when there is one.
   */
  public static Optional<StoredEmbedding> checkValue(String key, JsonNode value) {
    if (value == null) {
      throw new IllegalArgumentException("the value of '" + key + "' must not be null: delete the key instead");
    }
    Optional<StoredEmbedding> embedding;
    try {
      embedding = StoredEmbedding.of(value);
      embedding.ifPresent(e -> ChunkVectors.check(e.identity(), e.vector(), "value." + StoredEmbedding.FIELD
          + ".vector"));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("cannot store '" + key + "': " + e.getMessage(), e);
    }
    return embedding;
  }

  /**
   * Checks a mutation's {@code next} against its scope before anything is written: every key covered ({@link
   * ScopeViolationException} names the first that is not), every key and value well formed.
   */
  public static void checkNext(Scope scope, Map<String, JsonNode> next) {
    for (Map.Entry<String, JsonNode> entry : next.entrySet()) {
      checkKey(entry.getKey());
      if (!scope.covers(entry.getKey())) {
        throw new ScopeViolationException(entry.getKey(), scope);
      }
      checkValue(entry.getKey(), entry.getValue());
    }
  }

  /** Refuses a mutation that returned no outcome: the contract needs {@code read(result)} or {@code write(...)}. */
  public static <R> Outcome<R> checkOutcome(Outcome<R> outcome, Scope scope) {
    if (outcome == null) {
      throw new IllegalStateException("the mutation of " + scope + " returned null; nothing was written — return "
          + "Outcome.read(result) to change nothing or Outcome.write(next, result)");
    }
    return outcome;
  }
}
