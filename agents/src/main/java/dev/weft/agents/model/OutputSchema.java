package dev.weft.agents.model;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Objects;

/**
 * The JSON Schema a reply must satisfy, sent as {@code response_format} {@code {"type":"json_schema",
 * "json_schema":{"name":..,"schema":..,"strict":true}}} and always checked locally against the full schema
 * (providers' strict modes support only a subset of JSON Schema, and compatible servers may ignore it).
 *
 * @param name the schema's name as the provider wants it ({@code a-z A-Z 0-9 _ -}, at most 64 characters)
 */
public record OutputSchema(String name, JsonNode schema) {
  public OutputSchema {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(schema, "schema");
    if (!name.matches("[A-Za-z0-9_-]{1,64}")) {
      throw new IllegalArgumentException(
          "output schema name must be 1 to 64 of a-z, A-Z, 0-9, '_' and '-', got: '" + name + "'");
    }
    if (!schema.isObject()) {
      throw new IllegalArgumentException("output schema must be a JSON object, got: " + schema.getNodeType());
    }
  }
}
