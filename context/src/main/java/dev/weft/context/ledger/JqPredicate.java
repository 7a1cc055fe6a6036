package dev.weft.context.ledger;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import net.thisptr.jackson.jq.BuiltinFunctionLoader;
import net.thisptr.jackson.jq.JsonQuery;
import net.thisptr.jackson.jq.Scope;
import net.thisptr.jackson.jq.Versions;
import net.thisptr.jackson.jq.exception.JsonQueryException;

/** A jq expression compiled once and applied to many records as a filter. */
final class JqPredicate {
  /** jq's built-in functions, loaded once: loading them parses jq source. */
  private static final Scope BUILTINS = builtins();

  private final String expression;
  private final JsonQuery query;

  private JqPredicate(String expression, JsonQuery query) {
    this.expression = expression;
    this.query = query;
  }

  /** Compiles {@code expression}; refuses one that does not compile with jq's own message. */
  static JqPredicate compile(String expression) {
    try {
      return new JqPredicate(expression, JsonQuery.compile(expression, Versions.JQ_1_6));
    } catch (JsonQueryException e) {
      throw new IllegalArgumentException("where '" + expression + "' is not a jq expression: " + e.getMessage()
          + "; write a jq predicate such as '.tags | index(\"db\")'");
    }
  }

  /** Whether any output of the expression on {@code record} is neither false nor null (jq's truth). */
  boolean test(String id, JsonNode record) {
    List<JsonNode> out = new ArrayList<>();
    try {
      query.apply(Scope.newChildScope(BUILTINS), record, out::add);
    } catch (JsonQueryException e) {
      throw new IllegalArgumentException("where '" + expression + "' failed on " + id + ": " + e.getMessage()
          + "; guard the expression (e.g. with `?` or `// empty`) for records that lack a field");
    }
    return out.stream().anyMatch(node -> !node.isNull() && !(node.isBoolean() && !node.booleanValue()));
  }

  private static Scope builtins() {
    Scope scope = Scope.newEmptyScope();
    BuiltinFunctionLoader.getInstance().loadFunctions(Versions.JQ_1_6, scope);
    return scope;
  }
}
