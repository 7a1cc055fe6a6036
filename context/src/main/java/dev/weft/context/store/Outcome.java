package dev.weft.context.store;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * What a {@link Mutation} decided: {@code next}, the complete contents of the scope afterwards (empty for a
 * read-only decision, which writes and commits nothing), and {@code result}, handed back to the caller.
 */
public record Outcome<R>(Optional<SortedMap<String, JsonNode>> next, R result) {
  public Outcome {
    Objects.requireNonNull(next, "next");
    next = next.map(m -> Collections.unmodifiableSortedMap(new TreeMap<>(m)));
  }

  /** Replace the scope's contents with {@code next} and answer {@code result}. */
  public static <R> Outcome<R> write(Map<String, JsonNode> next, R result) {
    return new Outcome<>(Optional.of(new TreeMap<>(next)), result);
  }

  /** Change nothing and answer {@code result}. */
  public static <R> Outcome<R> read(R result) {
    return new Outcome<>(Optional.empty(), result);
  }
}
