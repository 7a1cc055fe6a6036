package dev.weft.agents.program;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.weft.schemas.WeftSchemas;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Walks the program schema and fails on anything a model could make unbounded: a string without maxLength, an
 * array without maxItems, an integer without maximum, an object open to unknown members. The map step's output
 * schema is the one exemption (marked "uncapped:"; the compiler caps its size instead).
 */
class ProgramSchemaCapsTest {

  @Test
  void everyMemberOfTheProgramSchemaIsCapped() {
    JsonNode schema = CanonicalJson.parse(WeftSchemas.programSchemaText());
    assertThat(uncapped(schema)).isEmpty();
  }

  @Test
  void theWalkFindsAnUncappedStringArrayIntegerAndOpenObject() {
    JsonNode bad = CanonicalJson.parse("""
        {"type": "object", "properties": {
          "s": {"type": "string"}, "a": {"type": "array", "items": {"type": "integer"}},
          "o": {"type": "object", "additionalProperties": false}}}""");
    assertThat(uncapped(bad)).containsExactlyInAnyOrder("", "/properties/s", "/properties/a", "/properties/a/items");
  }

  private static List<String> uncapped(JsonNode root) {
    List<String> found = new ArrayList<>();
    walk(root, root, "", found);
    return found;
  }

  private static void walk(JsonNode root, JsonNode node, String pointer, List<String> found) {
    if (node.isObject()) {
      String comment = node.path("$comment").asText("");
      if (!comment.startsWith("uncapped:") && !(node.has("enum") || node.has("const"))) {
        String type = node.path("type").asText("");
        boolean open = switch (type) {
          case "string" -> !node.has("maxLength");
          case "array" -> !node.has("maxItems");
          case "integer", "number" -> !node.has("maximum");
          case "object" -> !closed(root, node, comment);
          default -> false;
        };
        if (open) {
          found.add(pointer);
        }
      }
      for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> member = it.next();
        if (!comment.startsWith("uncapped:")) {
          walk(root, member.getValue(), pointer + "/" + member.getKey(), found);
        }
      }
    } else if (node.isArray()) {
      for (int i = 0; i < node.size(); i++) {
        walk(root, node.get(i), pointer + "/" + i, found);
      }
    }
  }

  // Closed directly, or (marked "closed:") through allOf branches whose every then-$ref is closed.
  private static boolean closed(JsonNode root, JsonNode node, String comment) {
    if (node.path("additionalProperties").isBoolean() && !node.get("additionalProperties").asBoolean()) {
      return true;
    }
    if (!comment.startsWith("closed:") || !node.path("allOf").isArray()) {
      return false;
    }
    for (JsonNode branch : node.get("allOf")) {
      JsonNode target = root.at(branch.path("then").path("$ref").asText("#").substring(1));
      if (!target.path("additionalProperties").isBoolean() || target.get("additionalProperties").asBoolean()) {
        return false;
      }
    }
    return true;
  }
}
