package dev.weft.agents.program;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import net.thisptr.jackson.jq.BuiltinFunctionLoader;
import net.thisptr.jackson.jq.JsonQuery;
import net.thisptr.jackson.jq.Scope;
import net.thisptr.jackson.jq.Versions;
import net.thisptr.jackson.jq.exception.JsonQueryException;

/** jq (jackson-jq, jq 1.6 dialect) for select and reduce: compile once, apply to one value. */
final class Jq {
  /** jq's built-in functions, loaded once: loading them parses jq source. */
  private static final Scope BUILTINS = builtins();

  private Jq() {}

  /** Compiles {@code query}; the exception carries jackson-jq's own message. */
  static JsonQuery compile(String query) throws JsonQueryException {
    return JsonQuery.compile(query, Versions.JQ_1_6);
  }

  /**
   * Applies {@code query} to {@code input}: one output is the value, several are an array, none is null.
   *
   * @throws JsonQueryException when the query fails on this input (jackson-jq's message)
   */
  static JsonNode apply(JsonQuery query, JsonNode input) throws JsonQueryException {
    List<JsonNode> out = new ArrayList<>();
    query.apply(Scope.newChildScope(BUILTINS), input, out::add);
    if (out.isEmpty()) {
      return CanonicalJson.MAPPER.nullNode();
    }
    if (out.size() == 1) {
      return out.get(0);
    }
    return CanonicalJson.MAPPER.createArrayNode().addAll(out);
  }

  private static Scope builtins() {
    Scope scope = Scope.newEmptyScope();
    BuiltinFunctionLoader.getInstance().loadFunctions(Versions.JQ_1_6, scope);
    return scope;
  }
}
