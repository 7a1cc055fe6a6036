package dev.weft.context.env;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.weft.context.jq.BoundedJq;
import dev.weft.context.jq.JqBounds;
import dev.weft.context.program.CancelSignal;
import java.io.IOException;
import net.thisptr.jackson.jq.exception.JsonQueryException;

/**
 * Runs a jq query over JSON text as {@code jq -c} would: every JSON value in the text in turn (one document, or JSON
 * Lines), every output written compactly on its own line; one bounded jq run ({@link BoundedJq}) for the text.
 */
final class JqSelect {
  /** Runs a compiled query; a seam so a test can count how often jq really runs. */
  @FunctionalInterface
  interface Runner {
    String run(BoundedJq.Query query, String source, String json, JqBounds bounds, CancelSignal cancel);
  }

  private JqSelect() {}

  /** Compiles {@code query}, refusing one that is too long or not jq with jq's own message. */
  static BoundedJq.Query compile(String query) {
    EnvLimits.checkLength("a jq query", query, EnvLimits.MAX_JQ_CHARS);
    try {
      return BoundedJq.compile(query);
    } catch (JsonQueryException e) {
      throw new IllegalArgumentException("select query '" + query + "' is not jq: " + e.getMessage()
          + "; write a jq query such as '.items[] | .name'");
    }
  }

  /**
   * The outputs of {@code query} over every JSON value {@code json} holds, one compact line each; refuses text that
   * is not JSON and a query that fails, naming {@code source}, and output past {@link EnvLimits#MAX_SLOT_CHARS}.
   */
  static String run(BoundedJq.Query query, String source, String json, JqBounds bounds, CancelSignal cancel) {
    try {
      return BoundedJq.run("select '" + query.text() + "' over '" + source + "'", bounds, cancel,
          jq -> selectAll(jq, query, source, json));
    } catch (JsonQueryException e) {
      throw new IllegalArgumentException("select failed on '" + source + "': " + e.getMessage()
          + "; guard the query (e.g. with `?` or `// empty`) for values that lack a field");
    }
  }

  private static String selectAll(BoundedJq.Evaluator jq, BoundedJq.Query query, String source, String json)
      throws JsonQueryException {
    StringBuilder out = new StringBuilder();
    // a parser read value by value: Jackson's readValues would unwrap a top-level array into its elements
    try (JsonParser values = EnvJson.JSON.createParser(json)) {
      while (values.nextToken() != null) {
        JsonNode value = EnvJson.JSON.readTree(values);
        jq.apply(query, value, result -> {
          if (out.length() > EnvLimits.MAX_SLOT_CHARS) {
            throw new IllegalArgumentException("select over '" + source + "' writes more than "
                + EnvLimits.MAX_SLOT_CHARS + " chars (the slot cap); select less");
          }
          out.append(result.toString()).append('\n');
        });
      }
    } catch (JsonQueryException e) {
      throw e;
    } catch (JsonProcessingException e) {
      String at = e.getLocation() == null ? "" : " at char " + e.getLocation().getCharOffset();
      throw new IllegalArgumentException("'" + source + "' does not hold JSON (" + e.getOriginalMessage() + at
          + "); select reads a slot of JSON or JSON Lines");
    } catch (IOException e) {
      throw new IllegalStateException("reading '" + source + "' from memory failed: " + e.getMessage(), e);
    }
    return out.toString();
  }
}
