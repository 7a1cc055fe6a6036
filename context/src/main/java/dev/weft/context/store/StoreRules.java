package dev.weft.context.store;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import dev.weft.context.ChunkVectors;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The checks every adapter applies before it writes, so a bad key or value is refused the same way by all of
 * them — by name, before anything is published.
 */
public final class StoreRules {
  /**
   * The longest key, in chars: at most 3 UTF-8 bytes each, so a key stays under the 32,766-byte term Lucene can
   * index, with room to spare; a key is an address, not a place for content.
   */
  public static final int MAX_KEY_CHARS = 4096;

  private static final ObjectMapper JSON = new ObjectMapper();

  private StoreRules() {}

  /** Refuses a null, blank or over-long key. */
  public static String checkKey(String key) {
    Objects.requireNonNull(key, "key");
    if (key.isBlank()) {
      throw new IllegalArgumentException("a store key must not be blank, got: '" + key + "'");
    }
    if (key.length() > MAX_KEY_CHARS) {
      throw new IllegalArgumentException("a store key must be at most " + MAX_KEY_CHARS + " chars, got: "
          + key.length() + " chars starting '" + key.substring(0, 40) + "'; keep content in the value");
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

  /**
   * {@code value} as it reads back from any durable adapter: written as JSON text and parsed again, so numbers
   * take the type the parser gives them (a float {@code 0.1f} reads as the double {@code 0.1}, a long {@code 7}
   * as an int). Adapters that keep trees in memory store this form, so every adapter answers equal values.
   */
  public static JsonNode canonical(JsonNode value) {
    try {
      return JSON.readTree(JSON.writeValueAsBytes(value));
    } catch (IOException e) {
      throw new IllegalArgumentException("the value is not serialisable JSON: " + e.getMessage(), e);
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
