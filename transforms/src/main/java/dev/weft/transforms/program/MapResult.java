package dev.weft.transforms.program;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.weft.context.program.SubcallException;
import java.io.Serializable;
import java.util.Objects;

/**
 * What a {@code map} step made of one piece: the model's reply, or {@code {error: {reason, message}}} when the
 * sub-call failed for good. A failed piece is a result like any other, so the map always completes.
 *
 * @param address the piece's address
 * @param value the reply as JSON, or the error object
 */
public record MapResult(String address, JsonNode value) implements Serializable {
  private static final long serialVersionUID = 1L;

  public MapResult {
    Objects.requireNonNull(address, "address");
    Objects.requireNonNull(value, "value");
  }

  /** The result of a call that failed for good: {@code {error: {reason, message}}}. */
  public static MapResult failure(String address, SubcallException failure) {
    return failure(address, failure.reason().name(), failure.getMessage());
  }

  /**
   * {@code {error: {reason, message}}}; the reason a {@link SubcallException.Reason} name ({@code TIMEOUT}) or
   * {@code INTERNAL}, as the in-process runner writes it.
   */
  public static MapResult failure(String address, String reason, String message) {
    ObjectNode error = JsonNodeFactory.instance.objectNode();
    error.put("reason", reason);
    error.put("message", message == null ? reason : message);
    ObjectNode value = JsonNodeFactory.instance.objectNode();
    value.set("error", error);
    return new MapResult(address, value);
  }

  /** Whether this is a failed call's {@code {error}} (a reply is never an object with only that member). */
  public boolean failed() {
    return value.isObject() && value.size() == 1 && value.path("error").has("reason");
  }

  /** Whether this is the failure of a call cancelled while in flight (the run was being stopped). */
  public boolean cancelled() {
    return failed() && value.at("/error/reason").asText().equals(SubcallException.Reason.CANCELLED.name());
  }

  /** This result as the in-process runner records a piece's: {@code {address, result}} or {@code {address, error}}. */
  public JsonNode asPieceResult() {
    ObjectNode out = JsonNodeFactory.instance.objectNode().put("address", address);
    if (failed()) {
      out.set("error", value.get("error"));
    } else {
      out.set("result", value);
    }
    return out;
  }
}
