package dev.weft.pipelines.program;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.weft.agents.program.Jq;
import dev.weft.agents.program.Piece;
import dev.weft.agents.program.PieceOps;
import dev.weft.agents.program.Plan;
import dev.weft.agents.program.Step;
import dev.weft.transforms.program.MapResult;
import dev.weft.transforms.program.ResultKeys;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.thisptr.jackson.jq.exception.JsonQueryException;
import org.apache.beam.sdk.values.KV;

/**
 * A compiled {@link Plan} as the Beam runner runs it: the chunk and grep steps between {@code input} and the map
 * applied per piece with {@link PieceOps} (the in-process runner's own functions), the map, and on the driver the
 * steps after it (reduce, select: jq over JSON values) and the answer, written as the in-process runner writes it.
 *
 * <p>Programs the Beam runner cannot run are refused by name before anything runs: a map that does not read
 * {@code input} through chunk and grep steps, another step before the map (stat, peek and select read slots of an
 * environment, which a Beam run has not got), or stat/peek after it.
 */
public final class PlanProgram {
  private PlanProgram() {}

  /**
   * @param model the model's identity (name and endpoint): part of the fingerprint the results are kept under
   * @throws IllegalArgumentException when the Beam runner cannot run the plan, naming the step
   */
  public static BeamProgramRun.Program of(Plan plan, String model) {
    Step.Map map = plan.map().orElseThrow(() -> new IllegalArgumentException(
        "the Beam runner runs a program's map step; program '" + plan.name() + "' has none: run it with --runner "
            + "inprocess"));
    List<Step> chain = chainFromInput(plan, map);
    PieceSteps steps = (address, text) -> pieces(chain, address, text);
    for (Step step : plan.afterMap()) {
      if (!(step instanceof Step.Reduce) && !(step instanceof Step.Select)) {
        throw refused(step, "after the map the Beam runner runs reduce and select");
      }
    }
    String fingerprint = ResultKeys.fingerprint(map.instruction(), map.outputSchemaNode(), model);
    return new BeamProgramRun.Program(plan.name(), fingerprint, steps,
        new ProgramRunPipeline.MapStep(map.instruction(), map.outputSchema(), map.maxSubcalls()),
        results -> answer(plan, map, results));
  }

  /** The chunk/grep steps from {@code input} to the map, in order. */
  private static List<Step> chainFromInput(Plan plan, Step.Map map) {
    Map<String, Step> byName = new HashMap<>();
    for (Step step : plan.beforeMap()) {
      byName.put(step.as(), step);
    }
    List<Step> chain = new ArrayList<>();
    String name = map.from();
    while (!name.equals(Plan.INPUT)) {
      Step step = byName.get(name);
      if (step == null) {
        throw new IllegalArgumentException("the Beam runner maps the pieces of 'input' (dataset records or index "
            + "chunks); step " + map.index() + " maps '" + map.from() + "', a slot: run it with --runner inprocess");
      }
      if (!(step instanceof Step.Chunk) && !(step instanceof Step.Grep)) {
        throw refused(step, "before the map the Beam runner runs chunk and grep, piece by piece");
      }
      chain.add(0, step);
      name = step.from();
    }
    if (chain.size() != plan.beforeMap().size()) {
      Step other = plan.beforeMap().stream().filter(s -> !chain.contains(s)).findFirst().orElseThrow();
      throw refused(other, "before the map the Beam runner runs only the chunk and grep steps that feed it");
    }
    return chain;
  }

  private static List<KV<String, String>> pieces(List<Step> chain, String address, String text) {
    List<Piece> pieces = List.of(new Piece(address, text));
    for (Step step : chain) {
      List<Piece> next = new ArrayList<>();
      for (Piece piece : pieces) {
        next.addAll(PieceOps.apply(step, piece));
      }
      pieces = next;
    }
    return pieces.stream().map(p -> KV.of(p.address(), p.text())).toList();
  }

  /** The results as the in-process map writes them ({@code {address, result}} or {@code {address, error}}). */
  static ArrayNode resultsArray(List<MapResult> ordered) {
    ArrayNode array = JsonNodeFactory.instance.arrayNode();
    for (MapResult result : ordered) {
      ObjectNode element = array.addObject().put("address", result.address());
      if (result.failed()) {
        element.set("error", result.value().get("error"));
      } else {
        element.set("result", result.value());
      }
    }
    return array;
  }

  /** Runs the steps after the map over the ordered results and writes the answer as the in-process runner does. */
  static String answer(Plan plan, Step.Map map, List<MapResult> ordered) {
    Map<String, JsonNode> values = new HashMap<>();
    values.put(map.as(), resultsArray(ordered));
    for (Step step : plan.afterMap()) {
      String query = step instanceof Step.Reduce reduce ? reduce.query() : ((Step.Select) step).query();
      JsonNode from = values.get(step.from());
      if (from == null) {
        throw refused(step, "after the map the Beam runner reads the map's results and the steps after it");
      }
      values.put(step.as(), jq(step, query, from));
    }
    JsonNode answer = values.get(plan.answer().from());
    if (answer == null) {
      throw refused(plan.answer(), "the Beam runner answers with the map's results or a step after it");
    }
    return answer.isTextual() ? answer.asText() : answer.toPrettyString();
  }

  private static JsonNode jq(Step step, String query, JsonNode input) {
    try {
      return Jq.apply(Jq.compile(query), input);
    } catch (JsonQueryException e) {
      throw new IllegalArgumentException("step " + step.index() + "'s jq query '" + query + "' failed on its input: "
          + e.getMessage() + "; guard it (e.g. with `?` or `// empty`) for values that lack a field");
    }
  }

  private static IllegalArgumentException refused(Step step, String rule) {
    return new IllegalArgumentException(rule + "; step " + step.index() + " (" + step.op() + " as '" + step.as()
        + "') cannot run there: run the program with --runner inprocess, or drop the step");
  }
}
