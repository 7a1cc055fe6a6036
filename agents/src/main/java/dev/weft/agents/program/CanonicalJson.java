package dev.weft.agents.program;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.weft.context.ContentHash;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * The canonical JSON text of a value (object members sorted by name at every depth, no white space) and its
 * fingerprint. Two documents that differ only in member order or layout get the same fingerprint, so the Beam
 * runner's stored results survive a reformatted program.
 */
public final class CanonicalJson {
  static final ObjectMapper MAPPER = new ObjectMapper();

  private CanonicalJson() {}

  /** The canonical text of {@code node}. */
  public static String of(JsonNode node) {
    try {
      return MAPPER.writeValueAsString(sorted(node));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a JSON tree always serializes", e);
    }
  }

  /** SHA-256 (lower-case hex) of the canonical text's UTF-8 bytes. */
  public static String fingerprint(JsonNode node) {
    return ContentHash.of(of(node).getBytes(StandardCharsets.UTF_8));
  }

  /** Parses text this class wrote (or any JSON); refuses what is not JSON. */
  public static JsonNode parse(String text) {
    try {
      return MAPPER.readTree(text);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("not JSON: " + e.getOriginalMessage(), e);
    }
  }

  private static JsonNode sorted(JsonNode node) {
    if (node.isObject()) {
      List<String> names = new ArrayList<>();
      node.fieldNames().forEachRemaining(names::add);
      names.sort(null);
      ObjectNode out = MAPPER.createObjectNode();
      for (String name : names) {
        out.set(name, sorted(node.get(name)));
      }
      return out;
    }
    if (node.isArray()) {
      ArrayNode out = MAPPER.createArrayNode();
      for (Iterator<JsonNode> it = node.elements(); it.hasNext(); ) {
        out.add(sorted(it.next()));
      }
      return out;
    }
    return node;
  }
}
