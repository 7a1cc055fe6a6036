package dev.weft.agents.program;

import com.fasterxml.jackson.databind.JsonNode;
import dev.weft.context.jq.BoundedJq;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import net.thisptr.jackson.jq.exception.JsonQueryException;

/**
 * The compile-time half of the envelope contract ({@link ErrorCode#AI0208}) and its run-time half
 * ({@link ErrorCode#AI0209}). A program compiled for a child level must answer an envelope sequence, so:
 *
 * <ul>
 *   <li>its answer reads a reduce (map results are {@code {address, result}}, not envelopes, and a select or a slot
 *       has no shape the compiler can judge);
 *   <li>every reduce is judged by {@link Envelopes#probe}: incompatible is refused; unknown (the query failed on a
 *       probe, or only gave empty sequences) is refused unless the reduce declares an {@code output} schema that
 *       requires envelopes ({@link Envelopes#schemaRequires}); compatible passes.
 * </ul>
 *
 * <p>At run time every reduce with a declared output is validated against it, and in an envelope plan every
 * reduce's result must be an envelope sequence; either failure is {@link ReduceOutputException}.
 */
final class EnvelopeRule {
  private EnvelopeRule() {}

  /** The AI0208 errors of compiled {@code steps} (the answer last). */
  static List<CompileError> check(List<Step> steps) {
    List<CompileError> errors = new ArrayList<>();
    for (Step step : steps) {
      if (step instanceof Step.Reduce reduce) {
        reduceError(reduce).ifPresent(errors::add);
      }
    }
    Step answer = steps.get(steps.size() - 1);
    if (answer instanceof Step.Answer
        && steps.stream().noneMatch(s -> s instanceof Step.Reduce && s.as().equals(answer.from()))) {
      errors.add(new CompileError(ErrorCode.AI0208, "/steps/" + answer.index() + "/from", "a child level answers "
          + "{slot, value} envelopes, and only a reduce's result is checked for them; answer the reduce, e.g. "
          + "{\"op\": \"reduce\", \"query\": \"map({slot: .address, value: .result})\"}"));
    }
    return errors;
  }

  private static Optional<CompileError> reduceError(Step.Reduce reduce) {
    BoundedJq.Query query;
    try {
      query = Jq.compile(reduce.query());
    } catch (JsonQueryException e) {
      return Optional.empty(); // AI0301 already says so
    }
    String at = "/steps/" + reduce.index();
    Envelopes.Shape shape = Envelopes.probe(query);
    if (shape == Envelopes.Shape.INCOMPATIBLE) {
      return Optional.of(new CompileError(ErrorCode.AI0208, at, "reduce '" + reduce.as() + "' turns map results "
          + "into values that are not {slot, value} envelopes, so a parent could not tell where they came from; "
          + "keep the envelope, e.g. map({slot: .address, value: .result})"));
    }
    if (shape == Envelopes.Shape.UNKNOWN
        && !reduce.outputSchemaNode().map(Envelopes::schemaRequires).orElse(false)) {
      return Optional.of(new CompileError(ErrorCode.AI0208, at, "the compiler cannot show that reduce '"
          + reduce.as() + "' keeps {slot, value} envelopes (its query fails on, or drops, sample results); "
          + "declare an \"output\" schema requiring string 'slot' and 'value' (checked at run time) or write "
          + "map({slot: .address, value: .result})"));
    }
    return Optional.empty();
  }

  /**
   * Checks a reduce's result against its declared output schema and, in an envelope plan, the envelope shape.
   *
   * @throws ReduceOutputException ({@link ErrorCode#AI0209}) when it contradicts either
   */
  static void checkResult(Plan plan, Step.Reduce reduce, JsonNode result) {
    Optional<JsonNode> schema = reduce.outputSchemaNode();
    if (schema.isPresent()) {
      List<SchemaCheck.Violation> violations = SchemaCheck.validate(schema.get(), result);
      if (!violations.isEmpty()) {
        SchemaCheck.Violation first = violations.get(0);
        throw new ReduceOutputException(new CompileError(ErrorCode.AI0209, "/steps/" + reduce.index() + "/output",
            "reduce '" + reduce.as() + "' produced a value its declared output schema refuses: at "
                + (first.pointer().isEmpty() ? "/" : first.pointer()) + " (rule '" + first.keyword() + "'): "
                + first.message() + "; fix the query or the declaration"));
      }
    }
    if (plan.envelopes() && Envelopes.items(result).isEmpty()) {
      throw new ReduceOutputException(new CompileError(ErrorCode.AI0209, "/steps/" + reduce.index(),
          "reduce '" + reduce.as() + "' produced a " + result.getNodeType().name().toLowerCase(Locale.ROOT)
              + " where a child level answers {slot, value} envelopes; keep the envelope, e.g. "
              + "map({slot: .address, value: .result})"));
    }
  }
}
