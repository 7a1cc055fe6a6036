package dev.weft.agents.tool;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Objects;

/**
 * What one tool call gave back: the tool's value, or — for an unknown tool, input that failed the schema or a tool
 * that threw — an error object ({@code {"error": ...}}) meant for the model to read and correct.
 *
 * @param tool the name the model called
 * @param value the result (an object with an {@code error} member when {@code error} is true)
 * @param error whether the call failed
 */
public record ToolResult(String tool, JsonNode value, boolean error) {
  public ToolResult {
    Objects.requireNonNull(tool, "tool");
    Objects.requireNonNull(value, "value");
  }
}
