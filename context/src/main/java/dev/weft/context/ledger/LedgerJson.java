package dev.weft.context.ledger;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Collection;

/** The one mapper of the ledger, and the byte measure retention and snapshots use. */
final class LedgerJson {
  static final ObjectMapper MAPPER = new ObjectMapper();
  static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private LedgerJson() {}

  static ObjectNode object() {
    return NODES.objectNode();
  }

  static ArrayNode strings(Collection<String> values) {
    ArrayNode array = NODES.arrayNode();
    values.forEach(array::add);
    return array;
  }

  /** The compact serialised form: what a snapshot compares and what "bytes" counts. */
  static String text(JsonNode value) {
    try {
      return MAPPER.writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException("cannot serialise a ledger value", e);
    }
  }

  static long bytes(JsonNode value) {
    return text(value).getBytes(StandardCharsets.UTF_8).length;
  }

  static JsonNode parse(String text) {
    try {
      return MAPPER.readTree(text);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("not JSON: " + e.getOriginalMessage(), e);
    }
  }
}
