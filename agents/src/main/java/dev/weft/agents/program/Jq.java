package dev.weft.agents.program;

import com.fasterxml.jackson.databind.JsonNode;
import dev.weft.context.jq.BoundedJq;
import dev.weft.context.jq.JqBounds;
import dev.weft.context.program.CancelSignal;
import java.util.ArrayList;
import java.util.List;
import net.thisptr.jackson.jq.exception.JsonQueryException;

/** jq for select and reduce, through {@link BoundedJq}: compile once, apply to one value in one bounded run. */
final class Jq {
  private Jq() {}

  /** Compiles {@code query}; the exception carries jackson-jq's own message. */
  static BoundedJq.Query compile(String query) throws JsonQueryException {
    return BoundedJq.compile(query);
  }

  /**
   * Applies {@code query} to {@code input} under {@code bounds}: one output is the value, several are an array, none
   * is null.
   *
   * @param what names the query in a bound's failure ("step 3's jq query '.x'")
   * @throws JsonQueryException when the query fails on this input (jackson-jq's message)
   * @throws dev.weft.context.jq.JqLimitException when a bound stopped it or {@code cancel} did
   */
  static JsonNode apply(String what, BoundedJq.Query query, JsonNode input, JqBounds bounds, CancelSignal cancel)
      throws JsonQueryException {
    List<JsonNode> out = BoundedJq.run(what, bounds, cancel, jq -> {
      List<JsonNode> outputs = new ArrayList<>();
      jq.apply(query, input, outputs::add);
      return outputs;
    });
    if (out.isEmpty()) {
      return CanonicalJson.MAPPER.nullNode();
    }
    if (out.size() == 1) {
      return out.get(0);
    }
    return CanonicalJson.MAPPER.createArrayNode().addAll(out);
  }
}
