package dev.weft.context.ledger;

import com.fasterxml.jackson.databind.JsonNode;
import dev.weft.context.jq.BoundedJq;
import dev.weft.context.jq.JqBounds;
import dev.weft.context.program.CancelSignal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.thisptr.jackson.jq.exception.JsonQueryException;

/** A jq expression compiled once and applied to many records as a filter, in one bounded jq run. */
final class JqPredicate {
  private final String expression;
  private final BoundedJq.Query query;

  private JqPredicate(String expression, BoundedJq.Query query) {
    this.expression = expression;
    this.query = query;
  }

  /** Compiles {@code expression}; refuses one that does not compile with jq's own message. */
  static JqPredicate compile(String expression) {
    try {
      return new JqPredicate(expression, BoundedJq.compile(expression));
    } catch (JsonQueryException e) {
      throw new IllegalArgumentException("where '" + expression + "' is not a jq expression: " + e.getMessage()
          + "; write a jq predicate such as '.tags | index(\"db\")'");
    }
  }

  /**
   * The records (by key, each with the id named in errors) for which any output of the expression is neither false
   * nor null (jq's truth), in their order: one run under {@code bounds} for them all.
   */
  Map<String, JsonNode> filter(Map<String, Record> records, JqBounds bounds, CancelSignal cancel) {
    String what = "where '" + expression + "'";
    String[] current = {""};
    try {
      return BoundedJq.run(what, bounds, cancel, jq -> {
        Map<String, JsonNode> kept = new LinkedHashMap<>();
        for (Map.Entry<String, Record> entry : records.entrySet()) {
          current[0] = entry.getValue().id();
          List<JsonNode> out = new ArrayList<>();
          jq.apply(query, entry.getValue().value(), out::add);
          if (out.stream().anyMatch(node -> !node.isNull() && !(node.isBoolean() && !node.booleanValue()))) {
            kept.put(entry.getKey(), entry.getValue().value());
          }
        }
        return kept;
      });
    } catch (JsonQueryException e) {
      throw new IllegalArgumentException(what + " failed on " + current[0] + ": " + e.getMessage()
          + "; guard the expression (e.g. with `?` or `// empty`) for records that lack a field");
    }
  }

  /** One record as the filter sees it: its id (for messages) and its value. */
  record Record(String id, JsonNode value) {}
}
