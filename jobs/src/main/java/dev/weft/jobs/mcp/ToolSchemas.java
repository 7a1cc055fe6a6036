package dev.weft.jobs.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.weft.agents.tool.ToolInput;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.function.Function;

/**
 * The tools' input schemas: JSON Schema draft 2020-12 files in the resources ({@code dev/weft/jobs/mcp/tools/
 * NAME.json}), checked against the 2020-12 meta-schema when loaded. Each call's arguments are checked (and
 * repaired where a model JSON-encoded structure) by the agents' {@link ToolInput}, the one check the agent
 * {@code Toolbox} uses too, so a model gets the same answer from both. Remote {@code $ref}s are never fetched.
 */
public final class ToolSchemas {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private ToolSchemas() {}

  /**
   * The schema of tool {@code name} from the resources.
   *
   * @throws IllegalStateException when it is missing or not a valid 2020-12 object schema (a defect of the build)
   */
  public static ObjectNode load(String name) {
    String resource = "tools/" + name + ".json";
    try (InputStream in = ToolSchemas.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException("no input schema for tool '" + name + "': add " + resource);
      }
      JsonNode schema = MAPPER.readTree(in);
      if (!schema.isObject() || !"object".equals(schema.path("type").asText())) {
        throw new IllegalStateException("input schema " + resource + " is not an object schema (\"type\": "
            + "\"object\") valid under JSON Schema 2020-12");
      }
      compile(name, (ObjectNode) schema);
      return (ObjectNode) schema;
    } catch (IllegalArgumentException e) {
      throw new IllegalStateException("input schema " + resource + " is not usable: " + e.getMessage(), e);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the input schema " + resource, e);
    }
  }

  /**
   * The check of tool {@code name}'s arguments.
   *
   * @throws IllegalArgumentException when the schema is not a valid JSON Schema 2020-12
   */
  static ToolInput compile(String name, ObjectNode schema) {
    return ToolInput.of(name, schema);
  }

  /**
   * Arguments the schema refuses, as the tool error every failure is ({@code failure}'s one line with its
   * {@code status}, {@code exitCode} and {@code message}) carrying the agents' rejection too: {@code error},
   * {@code errors}, {@code moreErrors}, {@code hint} and {@code inputSchema} in {@code structuredContent}, and their
   * JSON after the line in the text, for clients that show the model only the text.
   */
  static ToolResult refusal(ToolInput.Rejected rejected, Function<Throwable, ToolResult> failure) {
    ToolResult line = failure.apply(new IllegalArgumentException(rejected.error()));
    ObjectNode structured = line.structured() == null ? MAPPER.createObjectNode() : line.structured().deepCopy();
    structured.setAll(rejected.answer());
    return ToolResult.error(line.text() + "\n" + rejected.answer(), structured);
  }
}
