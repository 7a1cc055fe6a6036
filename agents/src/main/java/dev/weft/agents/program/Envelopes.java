package dev.weft.agents.program;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.weft.context.jq.BoundedJq;
import dev.weft.context.jq.JqBounds;
import dev.weft.context.jq.JqLimitException;
import dev.weft.context.program.CancelSignal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import net.thisptr.jackson.jq.exception.JsonQueryException;

/**
 * The recursive result envelope {@code {slot, value}}: what a child level's answer is made of, so that its parent
 * knows where each value came from ({@code slot}, a name in the child's scope) and what it is ({@code value}). An
 * answer is an envelope sequence: one envelope, an array of them, or {@code null} (none).
 *
 * <p>Whether a reduce keeps envelopes is decided at compile time by {@link #probe}: the query runs on a few
 * synthetic map results (none; a text reply; a child's envelopes beside a failed piece; an object and a null
 * reply). It is a probe, not a proof: the run-time check ({@link ErrorCode#AI0209}) is what guarantees the shape.
 */
public final class Envelopes {
  /** How the probe judged a reduce. */
  public enum Shape {
    /** Every probe gave envelopes, at least one of them not empty. */
    COMPATIBLE,
    /** Some probe gave a value that is not an envelope sequence. */
    INCOMPATIBLE,
    /** The query failed on a probe, or gave only empty sequences: the probe cannot tell. */
    UNKNOWN
  }

  private static final JqBounds PROBE_BOUNDS = JqBounds.DEFAULT.withDeadline(Duration.ofSeconds(1))
      .withMaxValues(10_000).withMaxSize(1_000_000);
  private static final List<JsonNode> PROBES = List.of(
      CanonicalJson.parse("[]"),
      CanonicalJson.parse("[{\"address\":\"probe#0\",\"result\":\"a text reply\"}]"),
      CanonicalJson.parse("[{\"address\":\"probe#0\",\"result\":[{\"slot\":\"child/2/probe%230/x\",\"value\":1}]},"
          + "{\"address\":\"probe#1\",\"error\":{\"reason\":\"TIMEOUT\",\"message\":\"probe\"}}]"),
      CanonicalJson.parse("[{\"address\":\"probe#0\",\"result\":{\"k\":\"v\"}},{\"address\":\"probe#1\","
          + "\"result\":null}]"));

  private Envelopes() {}

  /** Whether {@code node} is one envelope: an object with a string {@code slot} and a {@code value} member. */
  public static boolean isEnvelope(JsonNode node) {
    return node != null && node.isObject() && node.path("slot").isTextual() && node.has("value");
  }

  /**
   * The envelopes of an envelope sequence: {@code null} is none, one envelope is itself, an array must hold only
   * envelopes; empty when {@code value} is none of these.
   */
  public static Optional<List<JsonNode>> items(JsonNode value) {
    if (value == null || value.isNull() || value.isMissingNode()) {
      return Optional.of(List.of());
    }
    if (isEnvelope(value)) {
      return Optional.of(List.of(value));
    }
    if (!value.isArray()) {
      return Optional.empty();
    }
    List<JsonNode> out = new ArrayList<>(value.size());
    for (JsonNode item : value) {
      if (!isEnvelope(item)) {
        return Optional.empty();
      }
      out.add(item);
    }
    return Optional.of(out);
  }

  /** {@link #items} as one JSON array. */
  public static Optional<ArrayNode> array(JsonNode value) {
    return items(value).map(list -> CanonicalJson.MAPPER.createArrayNode().addAll(list));
  }

  /**
   * Whether a declared output schema requires envelopes: an object schema whose {@code required} names {@code slot}
   * and {@code value} and whose {@code slot} is of type string, an array schema whose {@code items} is such an
   * object schema, or an {@code anyOf} whose every branch is one of these. Other keywords never count for it.
   */
  public static boolean schemaRequires(JsonNode schema) {
    return requires(schema, false);
  }

  private static boolean requires(JsonNode schema, boolean item) {
    if (schema == null || !schema.isObject()) {
      return false;
    }
    if (schema.has("anyOf")) {
      JsonNode branches = schema.get("anyOf");
      if (!branches.isArray() || branches.isEmpty()) {
        return false;
      }
      for (JsonNode branch : branches) {
        if (!requires(branch, item)) {
          return false;
        }
      }
      return true;
    }
    String type = schema.path("type").asText("");
    if (type.equals("array")) {
      return !item && requires(schema.get("items"), true);
    }
    if (!type.equals("object")) {
      return false;
    }
    boolean slot = false;
    boolean value = false;
    for (JsonNode name : schema.path("required")) {
      slot |= name.asText().equals("slot");
      value |= name.asText().equals("value");
    }
    return slot && value && schema.path("properties").path("slot").path("type").asText("").equals("string");
  }

  /** Runs {@code query} on the probes and judges the shape of what it gave. */
  public static Shape probe(BoundedJq.Query query) {
    boolean unknown = false;
    boolean someItem = false;
    for (JsonNode input : PROBES) {
      JsonNode out;
      try {
        out = Jq.apply("a reduce's envelope probe", query, input, PROBE_BOUNDS, CancelSignal.none());
      } catch (JsonQueryException | JqLimitException e) {
        // A query that fails on synthetic results may still be right on real ones: the probe cannot tell.
        unknown = true;
        continue;
      }
      Optional<List<JsonNode>> items = items(out);
      if (items.isEmpty()) {
        return Shape.INCOMPATIBLE;
      }
      someItem |= !items.get().isEmpty();
    }
    return unknown || !someItem ? Shape.UNKNOWN : Shape.COMPATIBLE;
  }
}
