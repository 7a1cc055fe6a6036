package dev.weft.jobs.mcp;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import com.networknt.schema.path.NodePath;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Optional;

/**
 * The tools' input schemas: JSON Schema draft 2020-12 files in the resources ({@code dev/weft/jobs/mcp/tools/
 * NAME.json}), checked against the 2020-12 meta-schema when loaded and against each call's arguments before the
 * call. networknt json-schema-validator is built on Jackson 3 and Weft on Jackson 2, so schemas and arguments cross
 * over as text (as agents' {@code ReplySchema} does; that class is internal to {@code agents}, which {@code jobs}
 * does not depend on, hence this small copy of the two calls). Remote {@code $ref}s are never fetched.
 */
public final class ToolSchemas {
  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final SchemaRegistry REGISTRY = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12,
      builder -> builder.schemaLoader(loader -> loader.fetchRemoteResources(false)));
  private static final Schema META =
      REGISTRY.getSchema(SchemaLocation.of(SpecificationVersion.DRAFT_2020_12.getDialectId()));

  private ToolSchemas() {}

  /**
   * The schema of tool {@code name} from the resources.
   *
   * @throws IllegalStateException when it is missing or not a valid 2020-12 schema (a defect of the build)
   */
  public static ObjectNode load(String name) {
    String resource = "tools/" + name + ".json";
    try (InputStream in = ToolSchemas.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException("no input schema for tool '" + name + "': add " + resource);
      }
      JsonNode schema = MAPPER.readTree(in);
      List<Error> invalid = META.validate(schema.toString(), InputFormat.JSON);
      if (!invalid.isEmpty() || !schema.isObject() || !"object".equals(schema.path("type").asText())) {
        throw new IllegalStateException("input schema " + resource + " is not an object schema valid under JSON "
            + "Schema 2020-12" + (invalid.isEmpty() ? "" : ": " + describe(invalid)));
      }
      return (ObjectNode) schema;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the input schema " + resource, e);
    }
  }

  /** A compiled schema, to check arguments against. */
  static Schema compile(ObjectNode schema) {
    return REGISTRY.getSchema(schema.toString(), InputFormat.JSON);
  }

  /**
   * The first violation of {@code schema} by {@code arguments}, as {@code at <JSON Pointer> (rule '<keyword>'):
   * <message>} and how many more there are; empty when they satisfy it.
   */
  static Optional<String> violation(Schema schema, JsonNode arguments) {
    String text;
    try {
      text = MAPPER.writeValueAsString(arguments);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write arguments as JSON", e);
    }
    List<Error> errors = schema.validate(text, InputFormat.JSON);
    return errors.isEmpty() ? Optional.empty() : Optional.of(describe(errors));
  }

  private static String describe(List<Error> errors) {
    Error first = errors.get(0);
    String pointer = pointer(first.getInstanceLocation());
    String more = errors.size() > 1 ? " (and " + (errors.size() - 1) + " more)" : "";
    return "at " + (pointer.isEmpty() ? "/" : pointer) + " (rule '" + first.getKeyword() + "'): "
        + first.getMessage() + more;
  }

  /** The RFC 6901 pointer of a location ({@code ""} for the whole document). */
  private static String pointer(NodePath path) {
    StringBuilder pointer = new StringBuilder();
    for (int i = 0; path != null && i < path.getNameCount(); i++) {
      pointer.append('/').append(String.valueOf(path.getElement(i)).replace("~", "~0").replace("/", "~1"));
    }
    return pointer.toString();
  }
}
