package dev.weft.jobs.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * What a tool call returns: the text a model reads and, for tools that answer with data, the same data as
 * {@code structuredContent} (a JSON object) for clients that read it.
 */
public record ToolResult(String text, ObjectNode structured, boolean isError) {
  public ToolResult {
    Objects.requireNonNull(text, "text");
  }

  /** Data: its compact JSON is the text, so a client that reads only text still gets all of it. */
  public static ToolResult of(ObjectNode structured) {
    return new ToolResult(structured.toString(), structured, false);
  }

  /** Plain text (a file, a chunk) with the data that describes it. */
  public static ToolResult text(String text, ObjectNode structured) {
    return new ToolResult(text, structured, false);
  }

  /** A failure the model reads: one line saying what happened, which value or file, and what to do. */
  public static ToolResult error(String line, ObjectNode structured) {
    return new ToolResult(line, structured, true);
  }

  /** The bytes of the {@code tools/call} result object as the server writes it (compact JSON, UTF-8). */
  public int encodedBytes() {
    return toJson().toString().getBytes(StandardCharsets.UTF_8).length;
  }

  /** The {@code tools/call} result object. */
  ObjectNode toJson() {
    ObjectNode result = JsonNodeFactory.instance.objectNode();
    ArrayNode content = result.putArray("content");
    content.addObject().put("type", "text").put("text", text);
    if (structured != null) {
      result.set("structuredContent", structured);
    }
    result.put("isError", isError);
    return result;
  }

  static ObjectNode object() {
    return JsonNodeFactory.instance.objectNode();
  }

  static JsonNode nullToEmpty(JsonNode node) {
    return node == null || node.isNull() || node.isMissingNode() ? object() : node;
  }
}
