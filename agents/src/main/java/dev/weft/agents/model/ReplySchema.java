package dev.weft.agents.model;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaException;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import com.networknt.schema.path.NodePath;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * Checks a reply against the full JSON Schema of its request (draft 2020-12 unless the schema says otherwise),
 * with networknt json-schema-validator. The validator is built on Jackson 3 and Weft on Jackson 2, so schemas and
 * replies cross over as text. Remote {@code $ref}s are never fetched: a check must not wait on the network.
 * Compiled schemas are cached by their text (a map step asks the same schema of every piece). Thread-safe.
 */
final class ReplySchema {
  private static final int MAX_CACHED = 256;
  private static final SchemaRegistry REGISTRY = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12,
      builder -> builder.schemaLoader(loader -> loader.fetchRemoteResources(false)));
  /** The 2020-12 meta-schema (bundled with the validator): a schema is checked against it before it is used. */
  private static final Schema META =
      REGISTRY.getSchema(SchemaLocation.of(SpecificationVersion.DRAFT_2020_12.getDialectId()));
  private static final ConcurrentMap<String, Schema> CACHE = new ConcurrentHashMap<>();

  private ReplySchema() {}

  /**
   * The compiled schema.
   *
   * @throws IllegalArgumentException when it is not a valid JSON Schema
   */
  static Schema compile(JsonNode schema) {
    String text = schema.toString();
    Schema cached = CACHE.get(text);
    if (cached != null) {
      return cached;
    }
    // Other dialects are checked by the validator as it compiles them; 2020-12 (the default) against its meta-schema.
    String dialect = schema.path("$schema").asText(SpecificationVersion.DRAFT_2020_12.getDialectId());
    List<Error> invalid = dialect.startsWith(SpecificationVersion.DRAFT_2020_12.getDialectId())
        ? META.validate(text, InputFormat.JSON) : List.of();
    if (!invalid.isEmpty()) {
      Error first = invalid.get(0);
      throw new IllegalArgumentException("output schema is not a valid JSON Schema (draft 2020-12): at "
          + orRoot(pointer(first.getInstanceLocation())) + " (rule '" + first.getKeyword() + "'): "
          + first.getMessage());
    }
    // a ref that never ends would overflow the stack of the thread that validates a reply
    Optional<SchemaRefs.Problem> ref = SchemaRefs.check(schema);
    if (ref.isPresent()) {
      throw new IllegalArgumentException("output schema is not usable: at " + orRoot(ref.get().pointer()) + ": "
          + ref.get().message());
    }
    Schema compiled;
    try {
      compiled = REGISTRY.getSchema(text, InputFormat.JSON);
      compiled.validate("null", InputFormat.JSON); // resolves the schema's refs now, so a bad one fails here
    } catch (SchemaException | IllegalArgumentException | IllegalStateException e) {
      throw new IllegalArgumentException("output schema is not a valid JSON Schema: " + e.getMessage(), e);
    }
    if (CACHE.size() >= MAX_CACHED) {
      CACHE.clear(); // a bound, not an LRU: programs use a handful of schemas
    }
    CACHE.put(text, compiled);
    return compiled;
  }

  /**
   * The first violation of {@code schema} by {@code reply}, as {@code at <JSON Pointer> (rule '<keyword>'):
   * <message>}, and how many more there are; empty when the reply satisfies it.
   */
  static Optional<String> violation(JsonNode schema, JsonNode reply) {
    List<Error> errors = compile(schema).validate(reply.toString(), InputFormat.JSON);
    if (errors.isEmpty()) {
      return Optional.empty();
    }
    Error first = errors.get(0);
    String pointer = pointer(first.getInstanceLocation());
    String more = errors.size() > 1 ? " (and " + (errors.size() - 1) + " more)" : "";
    return Optional.of("at " + orRoot(pointer) + " (rule '" + first.getKeyword() + "'): "
        + first.getMessage() + more);
  }

  private static String orRoot(String pointer) {
    return pointer.isEmpty() ? "/" : pointer;
  }

  /** The RFC 6901 pointer of a location ({@code ""} for the whole document). */
  static String pointer(NodePath path) {
    StringBuilder pointer = new StringBuilder();
    for (int i = 0; path != null && i < path.getNameCount(); i++) {
      Object element = path.getElement(i);
      pointer.append('/').append(String.valueOf(element).replace("~", "~0").replace("/", "~1"));
    }
    return pointer.toString();
  }
}
