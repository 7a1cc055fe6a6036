package dev.weft.agents.model;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Objects;

/**
 * A function the model may call: its name ({@code a-z A-Z 0-9 _ -}, at most 64 characters, as OpenAI requires),
 * what it does, and its parameters as a JSON Schema object.
 */
public record ToolDefinition(String name, String description, JsonNode parameters) {
  private static final String NAME = "[A-Za-z0-9_-]{1,64}";

  public ToolDefinition {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(description, "description");
    Objects.requireNonNull(parameters, "parameters");
    if (!name.matches(NAME)) {
      throw new IllegalArgumentException(
          "tool name must be 1 to 64 of a-z, A-Z, 0-9, '_' and '-', got: '" + name + "'");
    }
    if (!parameters.isObject()) {
      throw new IllegalArgumentException("tool '" + name + "' parameters must be a JSON Schema object, got: "
          + parameters.getNodeType());
    }
  }
}
