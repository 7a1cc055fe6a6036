package dev.weft.context.ledger;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * Retention limits, stored at {@link LedgerKeys#LIMITS}: {@code archive} ({@code maxItems}, {@code maxBytes}) and
 * {@code goal} ({@code maxEntries}, {@code maxChars}, {@code maxBytes}). An absent limit is no limit.
 */
final class Limits {
  static final String ARCHIVE = "archive";
  static final String GOAL = "goal";
  static final List<String> ARCHIVE_NAMES = List.of("maxItems", "maxBytes");
  static final List<String> GOAL_NAMES = List.of("maxEntries", "maxChars", "maxBytes");

  private Limits() {}

  /**
   * The limits as JSON, refusing an unknown name or a negative value by name.
   *
   * @param group {@code archive} or {@code goal}
   */
  static ObjectNode parse(String group, Map<String, Long> limits, List<String> names) {
    ObjectNode node = LedgerJson.object();
    for (Map.Entry<String, Long> limit : limits.entrySet()) {
      if (!names.contains(limit.getKey())) {
        throw new IllegalArgumentException("unknown " + group + " limit '" + limit.getKey() + "'; known: "
            + names);
      }
      if (limit.getValue() == null || limit.getValue() < 0) {
        throw new IllegalArgumentException(group + " limit " + limit.getKey() + " must be at least 0, got: "
            + limit.getValue());
      }
      node.put(limit.getKey(), limit.getValue());
    }
    return node;
  }

  static OptionalLong get(JsonNode stored, String group, String name) {
    JsonNode value = stored == null ? null : stored.path(group).get(name);
    return value == null ? OptionalLong.empty() : OptionalLong.of(value.asLong());
  }

  static boolean over(JsonNode stored, String group, String name, long actual) {
    OptionalLong limit = get(stored, group, name);
    return limit.isPresent() && actual > limit.getAsLong();
  }
}
