package dev.weft.k8s;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Kubernetes' core kinds as JSON Schema (draft 2020-12 {@code $defs}), from the {@code schema/validation-schema.json}
 * that the fabric8 kubernetes-model jars carry (generated from Kubernetes' Go API types). Those files are written for
 * fabric8's code generator, not for validation, so they are rewritten: {@code #/definitions/} refs become
 * {@code #/$defs/}; draft-3 {@code "required": true} on a property becomes the parent's {@code required} list;
 * objects with properties are closed (fabric8 leaves them all open); and the types fabric8 models as Java wrappers
 * get their wire form: a Quantity is a string or a number ({@code 50Gi}, {@code 1}), an IntOrString an integer or a
 * string, a (Micro)Time a string. The {@code java*} generator hints are dropped.
 */
final class KubernetesModelSchemas {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  private static final String FABRIC8_REF = "#/definitions/";
  private static final Set<String> DATA_VALUED = Set.of("type", "enum", "default", "format", "description",
      "minimum", "maximum", "pattern");

  private KubernetesModelSchemas() {}

  /**
   * The definitions of every given fabric8 validation schema, rewritten, merged by name (the jars repeat the
   * shared ones, such as ObjectMeta, identically).
   */
  static Map<String, JsonNode> definitions(Iterable<JsonNode> validationSchemas) {
    Map<String, JsonNode> defs = new LinkedHashMap<>();
    for (JsonNode file : validationSchemas) {
      JsonNode definitions = file.path("definitions");
      if (!definitions.isObject()) {
        throw new IllegalArgumentException("not a fabric8 validation schema: it has no 'definitions' object");
      }
      definitions.properties().forEach(d -> defs.putIfAbsent(d.getKey(), definition(d.getValue())));
    }
    return defs;
  }

  /**
   * The top-level kinds among the definitions, by {@code apiVersion + " " + kind}: the definitions whose
   * apiVersion and kind properties carry defaults ({@code batch/v1}, {@code CronJob}).
   */
  static Map<String, String> kinds(Map<String, JsonNode> defs) {
    Map<String, String> kinds = new LinkedHashMap<>();
    defs.forEach((name, def) -> {
      JsonNode apiVersion = def.path("properties").path("apiVersion").path("default");
      JsonNode kind = def.path("properties").path("kind").path("default");
      if (apiVersion.isTextual() && kind.isTextual()) {
        kinds.putIfAbsent(apiVersion.asText() + " " + kind.asText(), name);
      }
    });
    return kinds;
  }

  private static JsonNode definition(JsonNode def) {
    String javaType = def.path("javaType").asText(def.path("existingJavaType").asText(""));
    String simpleName = javaType.substring(javaType.lastIndexOf('.') + 1);
    return switch (simpleName) {
      case "Quantity" -> anyOf("string", "number");
      case "IntOrString" -> anyOf("integer", "string");
      case "Time", "MicroTime" -> NODES.objectNode().put("type", "string");
      default -> schema(def);
    };
  }

  private static ObjectNode anyOf(String first, String second) {
    ObjectNode schema = NODES.objectNode();
    ArrayNode anyOf = schema.putArray("anyOf");
    anyOf.addObject().put("type", first);
    anyOf.addObject().put("type", second);
    return schema;
  }

  private static ObjectNode schema(JsonNode node) {
    ObjectNode out = NODES.objectNode();
    if (node.path("$ref").isTextual()) {
      String ref = node.get("$ref").asText();
      out.put("$ref", ref.startsWith(FABRIC8_REF) ? "#/$defs/" + ref.substring(FABRIC8_REF.length()) : ref);
      return out; // fabric8 puts only generator hints beside a $ref
    }
    for (Map.Entry<String, JsonNode> field : node.properties()) {
      String key = field.getKey();
      JsonNode value = field.getValue();
      if (key.equals("properties")) {
        ObjectNode properties = out.putObject("properties");
        ArrayNode required = NODES.arrayNode();
        value.properties().forEach(p -> {
          properties.set(p.getKey(), schema(p.getValue()));
          if (p.getValue().path("required").asBoolean(false)) {
            required.add(p.getKey());
          }
        });
        if (!required.isEmpty()) {
          out.set("required", required);
        }
      } else if (key.equals("items")) {
        out.set(key, schema(value));
      } else if (key.equals("additionalProperties") && value.isObject()) {
        out.set(key, schema(value));
      } else if (DATA_VALUED.contains(key)) {
        out.set(key, value.deepCopy());
      }
    }
    if (out.has("properties")) {
      out.put("additionalProperties", false);
    } else if (node.has("additionalProperties") && !out.has("additionalProperties")) {
      out.put("additionalProperties", node.get("additionalProperties").asBoolean(true));
    }
    return out;
  }
}
