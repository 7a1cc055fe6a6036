package dev.weft.agents.program;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.weft.schemas.WeftSchemas;
import java.util.List;

/**
 * The program schema ({@code schemas/.../program.schema.json}) through the networknt validator. The validator is
 * built on Jackson 3 and Weft on Jackson 2, so documents cross as JSON text; its errors keep their JSON Pointer.
 */
final class SchemaCheck {
  private static final SchemaRegistry REGISTRY = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);
  // Loaded once: a networknt Schema is immutable after loading and safe to share between threads.
  private static final Schema PROGRAM = REGISTRY.getSchema(WeftSchemas.programSchemaText(), InputFormat.JSON);

  /** One schema error: the keyword that failed, where in the document, and the validator's message. */
  record Violation(String keyword, String pointer, String message) {}

  private SchemaCheck() {}

  /** The program schema's complaints about {@code document}, empty when it conforms. */
  static List<Violation> program(JsonNode document) {
    List<Error> errors = PROGRAM.validate(CanonicalJson.of(document), InputFormat.JSON);
    return errors.stream()
        .map(e -> new Violation(e.getKeyword(), pointer(e), e.getMessage()))
        .toList();
  }

  /**
   * Loads {@code schema} as a JSON Schema 2020-12, so a map step's output schema that would fail at the first
   * sub-call fails at compile time instead.
   *
   * @throws RuntimeException (the validator's) when it does not load
   */
  static void load(JsonNode schema) {
    REGISTRY.getSchema(CanonicalJson.of(schema), InputFormat.JSON).initializeValidators();
  }

  /** What {@code schema} (a JSON Schema 2020-12) says about {@code value}: empty when it accepts it. */
  static List<Violation> validate(JsonNode schema, JsonNode value) {
    Schema loaded = REGISTRY.getSchema(CanonicalJson.of(schema), InputFormat.JSON);
    return loaded.validate(CanonicalJson.of(value), InputFormat.JSON).stream()
        .map(e -> new Violation(e.getKeyword(), pointer(e), e.getMessage()))
        .toList();
  }

  private static String pointer(Error error) {
    String location = error.getInstanceLocation().toString();
    // The validator answers "" or "/" style pointers by default; an absent member is reported at its parent.
    return location.equals("/") ? "" : location;
  }
}
