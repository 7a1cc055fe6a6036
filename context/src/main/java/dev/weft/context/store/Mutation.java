package dev.weft.context.store;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.SortedMap;

/**
 * The decision inside a {@link Store#mutate}: given a detached copy of the records under the scope (sorted by
 * key), say what the scope holds next and what to answer. Runs synchronously, possibly while other writers
 * wait; it must not call the store. An exception it throws publishes nothing and reaches the caller.
 */
@FunctionalInterface
public interface Mutation<R> {
  Outcome<R> apply(SortedMap<String, JsonNode> current);
}
