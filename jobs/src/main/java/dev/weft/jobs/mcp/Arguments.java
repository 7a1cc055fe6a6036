package dev.weft.jobs.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import dev.weft.context.program.CancelSignal;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A tool call's arguments, already checked against the tool's input schema (so the types are right): optional
 * values read as null when absent or JSON null; and the call's cancel signal, cancelled when the client sends
 * {@code notifications/cancelled} for the request (a long tool watches it; a short one may ignore it).
 */
public record Arguments(JsonNode node, CancelSignal cancel) {
  public Arguments {
    Objects.requireNonNull(node, "node");
    Objects.requireNonNull(cancel, "cancel");
  }

  /** Arguments of a call nothing cancels. */
  public Arguments(JsonNode node) {
    this(node, CancelSignal.none());
  }

  private JsonNode value(String name) {
    JsonNode value = node.get(name);
    return value == null || value.isNull() ? null : value;
  }

  public String string(String name) {
    JsonNode value = value(name);
    return value == null ? null : value.asText();
  }

  public Integer integer(String name) {
    JsonNode value = value(name);
    return value == null ? null : value.asInt();
  }

  public Long longValue(String name) {
    JsonNode value = value(name);
    return value == null ? null : value.asLong();
  }

  public Double number(String name) {
    JsonNode value = value(name);
    return value == null ? null : value.asDouble();
  }

  public boolean flag(String name) {
    JsonNode value = value(name);
    return value != null && value.asBoolean();
  }

  /** The JSON value as given (an object, an array, text), or null. */
  public JsonNode json(String name) {
    return value(name);
  }

  /** A string or an array of strings, as a list; empty when absent. */
  public List<String> strings(String name) {
    JsonNode value = value(name);
    List<String> list = new ArrayList<>();
    if (value == null) {
      return list;
    }
    if (value.isArray()) {
      value.forEach(v -> list.add(v.asText()));
    } else {
      list.add(value.asText());
    }
    return list;
  }
}
