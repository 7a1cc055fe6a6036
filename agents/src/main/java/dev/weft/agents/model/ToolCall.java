package dev.weft.agents.model;

import java.util.Objects;

/**
 * A function call the model asks for: the provider's call id (a {@code tool} message answers it by that id), the
 * function's name and its arguments as the JSON text the model wrote (not parsed: models write invalid JSON, and
 * the caller decides what to do with it).
 */
public record ToolCall(String id, String name, String arguments) {
  public ToolCall {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(arguments, "arguments");
  }
}
