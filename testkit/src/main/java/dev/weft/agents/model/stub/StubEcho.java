package dev.weft.agents.model.stub;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.weft.agents.model.stub.StubReply.Usage;
import java.util.Iterator;
import java.util.Map;

/**
 * The stub's default reply, a pure function of the request so a test can compute what a map step must return:
 * <ul>
 *   <li>without {@code response_format}: the text {@code echo: <the user message, at most 80 characters>};
 *   <li>with a JSON Schema: a JSON instance of that schema filled from the user message — a string is the user
 *       message (cut to {@code maxLength}, at most 80 characters), an integer or number its length in characters
 *       (clamped to {@code minimum}/{@code maximum}), a boolean whether it is not blank, an object every
 *       property, an array {@code minItems} items, an {@code enum} its first value, a {@code const} itself;
 *   <li>usage: prompt tokens = the words of every message, completion tokens = the words of the reply (at least 1).
 * </ul>
 */
public final class StubEcho {
  /** The longest string the echo writes: map results stay small in benchmarks of many calls. */
  public static final int MAX_ECHO = 80;
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private StubEcho() {}

  /** The default reply to {@code request}. */
  public static StubReply reply(StubRequest request) {
    String user = request.userMessage();
    String content = request.outputSchema().map(schema -> instance(schema, user).toString()).orElseGet(() -> text(user));
    return StubReply.text(content, new Usage(promptWords(request), Math.max(1, words(content))));
  }

  /** The text reply to a user message. */
  public static String text(String user) {
    return "echo: " + cut(user, MAX_ECHO);
  }

  /** The JSON reply to a user message under {@code schema}. */
  public static JsonNode instance(JsonNode schema, String user) {
    if (schema.has("const")) {
      return schema.get("const");
    }
    if (schema.path("enum").isArray() && !schema.path("enum").isEmpty()) {
      return schema.path("enum").get(0);
    }
    return switch (type(schema)) {
      case "object" -> {
        ObjectNode object = NODES.objectNode();
        Iterator<Map.Entry<String, JsonNode>> properties = schema.path("properties").fields();
        while (properties.hasNext()) {
          Map.Entry<String, JsonNode> property = properties.next();
          object.set(property.getKey(), instance(property.getValue(), user));
        }
        yield object;
      }
      case "array" -> {
        ArrayNode array = NODES.arrayNode();
        for (int i = 0; i < schema.path("minItems").asInt(0); i++) {
          array.add(instance(schema.path("items"), user));
        }
        yield array;
      }
      case "string" -> NODES.textNode(cut(user, Math.min(MAX_ECHO, schema.path("maxLength").asInt(MAX_ECHO))));
      case "integer", "number" -> NODES.numberNode(clamp(user.length(), schema));
      case "boolean" -> NODES.booleanNode(!user.isBlank());
      case "null" -> NODES.nullNode();
      default -> NODES.textNode(cut(user, MAX_ECHO));
    };
  }

  private static String type(JsonNode schema) {
    JsonNode type = schema.path("type");
    if (type.isArray()) {
      for (JsonNode t : type) {
        if (!"null".equals(t.asText())) {
          return t.asText();
        }
      }
      return "null";
    }
    if (type.isTextual()) {
      return type.asText();
    }
    return schema.has("properties") ? "object" : "string";
  }

  private static long clamp(long value, JsonNode schema) {
    long v = value;
    if (schema.path("minimum").isNumber()) {
      v = Math.max(v, (long) Math.ceil(schema.path("minimum").asDouble()));
    }
    if (schema.path("maximum").isNumber()) {
      v = Math.min(v, (long) Math.floor(schema.path("maximum").asDouble()));
    }
    return v;
  }

  private static int promptWords(StubRequest request) {
    int n = 0;
    for (JsonNode message : request.body().path("messages")) {
      n += words(message.path("content").asText(""));
    }
    return n;
  }

  static int words(String text) {
    String t = text.strip();
    return t.isEmpty() ? 0 : t.split("\\s+").length;
  }

  private static String cut(String text, int max) {
    return text.length() <= max ? text : text.substring(0, Math.max(0, max));
  }
}
