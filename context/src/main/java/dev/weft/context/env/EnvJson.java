package dev.weft.context.env;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.weft.context.error.ExitStatus;
import dev.weft.context.error.WeftException;

/** The environment's records as the store's JSON values. */
final class EnvJson {
  /** Unknown fields are ignored, so a record written by a later Weft with more fields still reads. */
  static final ObjectMapper JSON = new ObjectMapper()
      .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);
  /** The field a block's content is kept in: not {@code text}, which the Lucene store indexes for BM25. */
  static final String CONTENT = "content";

  private EnvJson() {}

  static JsonNode tree(Object record) {
    return JSON.valueToTree(record);
  }

  static <T> T read(JsonNode node, Class<T> type, String key) {
    try {
      return JSON.treeToValue(node, type);
    } catch (JsonProcessingException | IllegalArgumentException e) {
      throw new WeftException(ExitStatus.DAMAGED, "the environment record at '" + key + "' does not read as a "
          + type.getSimpleName() + " (" + e.getMessage() + "); put the slot again", e);
    }
  }

  static JsonNode block(String content) {
    ObjectNode node = JSON.createObjectNode();
    node.put(CONTENT, content);
    return node;
  }

  static long clock(JsonNode node) {
    return node == null ? 0 : node.path("last").asLong(0);
  }

  static JsonNode clock(long last) {
    return JSON.createObjectNode().put("last", last);
  }
}
