package dev.weft.k8s;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;
import java.util.Set;

/**
 * A CRD's OpenAPI v3 structural schema ({@code spec.versions[].schema.openAPIV3Schema}) as a JSON Schema (draft
 * 2020-12) that refuses what the API server refuses. Objects with {@code properties} are closed
 * ({@code additionalProperties: false}) unless {@code x-kubernetes-preserve-unknown-fields} keeps them open: the
 * server prunes unknown fields of a structural schema and {@code kubectl apply} (strict field validation, its
 * default) fails on them, so a misspelt field must fail here too. {@code nullable} becomes a {@code null} type,
 * {@code x-kubernetes-int-or-string} an integer-or-string, and an {@code x-kubernetes-embedded-resource} object
 * admits apiVersion, kind and metadata. Keywords outside that subset (OpenAPI's boolean exclusiveMinimum, the
 * {@code x-kubernetes-*} extensions) are dropped rather than misread.
 */
final class OpenApiSchemas {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  /** Keywords whose value is one schema. */
  private static final Set<String> SCHEMA_VALUED = Set.of("items", "not");
  /** Keywords whose value is a list of schemas. */
  private static final Set<String> SCHEMA_LISTS = Set.of("anyOf", "allOf", "oneOf");
  /** Keywords copied as they are: their values are data, not schemas. */
  private static final Set<String> DATA_VALUED = Set.of("type", "enum", "required", "default", "format",
      "description", "minimum", "maximum", "minLength", "maxLength", "pattern", "minItems", "maxItems",
      "uniqueItems", "minProperties", "maxProperties", "multipleOf");

  private OpenApiSchemas() {}

  /** The JSON Schema equivalent of one OpenAPI v3 structural schema. */
  static ObjectNode toJsonSchema(JsonNode openApi) {
    if (!openApi.isObject()) {
      throw new IllegalArgumentException("an OpenAPI schema must be an object, got: " + openApi.getNodeType());
    }
    ObjectNode out = NODES.objectNode();
    for (Map.Entry<String, JsonNode> field : openApi.properties()) {
      String key = field.getKey();
      JsonNode value = field.getValue();
      if (key.equals("properties")) {
        ObjectNode properties = out.putObject("properties");
        value.properties().forEach(p -> properties.set(p.getKey(), toJsonSchema(p.getValue())));
      } else if (key.equals("additionalProperties")) {
        out.set(key, value.isObject() ? toJsonSchema(value) : value.deepCopy());
      } else if (SCHEMA_VALUED.contains(key)) {
        out.set(key, toJsonSchema(value));
      } else if (SCHEMA_LISTS.contains(key)) {
        ArrayNode list = out.putArray(key);
        value.forEach(schema -> list.add(toJsonSchema(schema)));
      } else if (DATA_VALUED.contains(key)) {
        out.set(key, value.deepCopy());
      }
    }
    if (openApi.path("x-kubernetes-int-or-string").asBoolean(false)) {
      out.remove("type");
      ArrayNode anyOf = out.putArray("anyOf");
      anyOf.addObject().put("type", "integer");
      anyOf.addObject().put("type", "string");
    }
    if (openApi.path("nullable").asBoolean(false) && out.path("type").isTextual()) {
      ArrayNode types = NODES.arrayNode().add(out.get("type").asText()).add("null");
      out.set("type", types);
    }
    if (openApi.path("x-kubernetes-embedded-resource").asBoolean(false) && out.has("properties")) {
      ObjectNode properties = (ObjectNode) out.get("properties");
      properties.putIfAbsent("apiVersion", NODES.objectNode().put("type", "string"));
      properties.putIfAbsent("kind", NODES.objectNode().put("type", "string"));
      properties.putIfAbsent("metadata", NODES.objectNode().put("type", "object"));
    }
    boolean preserveUnknown = openApi.path("x-kubernetes-preserve-unknown-fields").asBoolean(false);
    if (out.has("properties") && !out.has("additionalProperties") && !preserveUnknown) {
      out.put("additionalProperties", false);
    }
    return out;
  }
}
