package dev.weft.agents.program;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.weft.context.env.Environment;
import dev.weft.context.env.Peek;
import dev.weft.context.env.SlotStat;
import dev.weft.context.jq.JqBounds;
import dev.weft.context.jq.JqLimitException;
import dev.weft.context.program.CancelSignal;
import dev.weft.context.program.Subcall;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import net.thisptr.jackson.jq.exception.JsonQueryException;

/**
 * Runs a compiled {@link Plan} in this process over an {@link Environment}: the steps in order, the map fanned out
 * over at most {@link RunOptions#maxConcurrent} threads ({@link MapFanOut}), every value a step makes
 * written to its {@code as} slot (the map's results also one slot per piece, {@code as/N}). Which pieces a capped
 * map visits: the first N in {@link AddressOrder}, the same rule as the Beam runner.
 */
public final class ProgramRunner {
  /** Characters of a piece or value a peek step shows. */
  static final int PEEK_CHARS = 400;

  private final Environment env;
  private final Subcall subcall;
  private final RunOptions options;
  private final JqBounds jqBounds;

  /** What a name holds during a run. */
  private sealed interface Value permits SlotValue, PiecesValue, JsonValue {}

  private record SlotValue(String name) implements Value {}

  private record PiecesValue(List<Piece> pieces) implements Value {}

  private record JsonValue(JsonNode json) implements Value {}

  public ProgramRunner(Environment env, Subcall subcall, RunOptions options) {
    this(env, subcall, options, JqBounds.DEFAULT);
  }

  /**
   * With the bounds of select's and reduce's jq ({@link JqBounds}; tests make them small): their deadline is
   * always what is left of the run's {@link RunOptions#deadline}, so a jq step honours {@code --deadline}.
   */
  public ProgramRunner(Environment env, Subcall subcall, RunOptions options, JqBounds jqBounds) {
    this.env = Objects.requireNonNull(env, "env");
    this.subcall = Objects.requireNonNull(subcall, "subcall");
    this.options = Objects.requireNonNull(options, "options");
    this.jqBounds = Objects.requireNonNull(jqBounds, "jqBounds");
  }

  /**
   * Runs {@code plan} with {@code input} as the pieces of {@link Plan#INPUT}.
   *
   * @param cancel cancels the run: no new sub-call starts and the calls in flight are aborted; the run then
   *     stops before its next step and reports {@code ok=false}
   * @throws IllegalArgumentException when a step cannot run on what it read (a select over text that is not
   *     JSON, a jq query that fails on its input), naming the step; {@link ReduceOutputException} (AI0209) when a
   *     reduce's result contradicts its declared output schema or, in an envelope plan, the envelopes
   */
  public RunResult run(Plan plan, List<Piece> input, CancelSignal cancel, MapProgress.Listener listener)
      throws InterruptedException {
    Run run = new Run(plan, cancel);
    run.values.put(Plan.INPUT, new PiecesValue(List.copyOf(input)));
    for (Step step : plan.steps()) {
      if (!run.step(step, listener)) {
        break;
      }
    }
    return run.result();
  }

  /**
   * Runs what follows a map that ran elsewhere (the Beam runner): the map's results, in address order, become the
   * map step's value and slots, then the steps after it and the answer run here.
   *
   * @param map the map's results ({@code {address, result}} or {@code {address, error}}) and its counts
   * @throws IllegalArgumentException when the plan has no map
   */
  public RunResult finish(Plan plan, MapResults map, CancelSignal cancel) throws InterruptedException {
    Step.Map step = plan.map().orElseThrow(() -> new IllegalArgumentException("the plan has no map step to finish"));
    Run run = new Run(plan, cancel);
    run.map = new MapFanOut.Outcome(map.results(), map.calls(), map.failed(), 0, map.peakInFlight());
    run.capped = map.unvisited();
    run.record(step, new JsonValue(writeResults(step, map.results())), System.nanoTime(),
        map.calls() + " sub-calls, " + map.failed() + " failed, " + map.unvisited() + " pieces not visited");
    for (Step after : plan.steps().subList(step.index() + 1, plan.steps().size())) {
      if (!run.step(after, MapProgress.Listener.none())) {
        break;
      }
    }
    return run.result();
  }

  /**
   * A map's results made elsewhere, for {@link #finish}.
   *
   * @param results one per visited piece, in address order
   * @param calls sub-calls made
   * @param failed results that are errors
   * @param unvisited pieces the cap left out
   * @param peakInFlight the most calls seen in flight, when known (0 when not)
   */
  public record MapResults(List<JsonNode> results, int calls, int failed, int unvisited, int peakInFlight) {
    public MapResults {
      results = List.copyOf(results);
    }
  }

  /** One run's state: the values by name, the step reports, the map's counts. */
  private final class Run {
    final Plan plan;
    final CancelSignal cancel;
    final long start = System.nanoTime();
    final Map<String, Value> values = new HashMap<>();
    final List<RunResult.StepReport> reports = new ArrayList<>();
    MapFanOut.Outcome map = new MapFanOut.Outcome(List.of(), 0, 0, 0, 0);
    int capped;
    String answer = "";

    Run(Plan plan, CancelSignal cancel) {
      this.plan = plan;
      this.cancel = cancel;
    }

    /** Runs one step; false when the run was cancelled before it. */
    boolean step(Step step, MapProgress.Listener listener) throws InterruptedException {
      if (cancel.isCancelled()) {
        return false;
      }
      long stepStart = System.nanoTime();
      Value from = valueOf(values, step.from());
      if (step instanceof Step.Map m) {
        List<Piece> pieces = new ArrayList<>(pieces(from));
        pieces.sort((a, b) -> AddressOrder.INSTANCE.compare(a.address(), b.address()));
        int cap = options.maxSubcalls().orElse(m.cap().orElse(Integer.MAX_VALUE));
        List<Piece> visit = pieces.subList(0, Math.min(cap, pieces.size()));
        capped = pieces.size() - visit.size();
        map = new MapFanOut(subcall, options.maxConcurrent(), cancel, listener, options.deadline())
            .run(m, visit);
        record(step, new JsonValue(writeResults(m, map.results())), stepStart, map.calls() + " sub-calls, "
            + map.failed() + " failed, " + (capped + map.notStarted()) + " pieces not visited");
      } else if (step instanceof Step.Answer) {
        answer = answerText(from);
        record(step, null, stepStart, answer.length() + " chars");
      } else {
        Value out;
        try {
          out = apply(step, from, this);
        } catch (JqLimitException e) {
          if (e.limit() == JqLimitException.Limit.CANCELLED && cancel.isCancelled()) {
            return false; // the run was cancelled: it ends ok=false like a cancel between steps
          }
          throw e;
        }
        record(step, out, stepStart, summarize(out));
      }
      return true;
    }

    /** The bounds of a jq step: the deadline is what is left of the run's. */
    JqBounds jqBounds() {
      Duration left = options.deadline().minusNanos(System.nanoTime() - start);
      return jqBounds.withDeadline(left.compareTo(Duration.ofMillis(1)) < 0 ? Duration.ofMillis(1) : left);
    }

    void record(Step step, Value out, long stepStart, String summary) {
      if (out != null) {
        values.put(step.as(), out);
        env.put(step.as(), slotText(out));
      }
      reports.add(new RunResult.StepReport(step.index(), step.op(), step.as(),
          (System.nanoTime() - stepStart) / 1_000_000, summary));
    }

    RunResult result() {
      boolean ok = !cancel.isCancelled() && reports.size() == plan.steps().size() - firstStepIndex();
      return new RunResult(ok, plan.fingerprint(), answer, reports,
          new RunResult.Counts(map.calls(), map.failed(), capped + map.notStarted()),
          (System.nanoTime() - start) / 1_000_000,
          new RunResult.Concurrency(options.maxConcurrent(), map.peakInFlight()));
    }

    private int firstStepIndex() {
      return reports.isEmpty() ? 0 : reports.get(0).index();
    }
  }

  /** The map's results as its value; each also in its own slot {@code as/N}. */
  private ArrayNode writeResults(Step.Map step, List<JsonNode> results) {
    for (int i = 0; i < results.size(); i++) {
      env.put(step.as() + "/" + i, CanonicalJson.of(results.get(i)));
    }
    return CanonicalJson.MAPPER.createArrayNode().addAll(results);
  }

  private Value apply(Step step, Value from, Run run) {
    if (step instanceof Step.Chunk chunk) {
      if (from instanceof SlotValue slot) {
        env.chunk(slot.name(), chunk.spec());
        String prefix = slot.name() + "#" + chunk.strategy().name().toLowerCase(Locale.ROOT) + ":" + chunk.size()
            + "/";
        List<Piece> pieces = new ArrayList<>();
        for (String address : env.pieces(slot.name())) {
          if (address.startsWith(prefix)) {
            pieces.add(new Piece(address, readAll(address)));
          }
        }
        return new PiecesValue(pieces);
      }
      return new PiecesValue(pieces(from).stream().flatMap(p -> PieceOps.chunk(chunk, p).stream()).toList());
    }
    if (step instanceof Step.Grep grep) {
      return new PiecesValue(pieces(from).stream().filter(p -> PieceOps.matches(grep, p)).toList());
    }
    if (step instanceof Step.Select select) {
      if (from instanceof SlotValue slot) {
        return new JsonValue(parse(readAll(env.select(slot.name(), select.query(), run.jqBounds(), run.cancel)),
            select));
      }
      return new JsonValue(jq(select.index(), select.query(), ((JsonValue) from).json(), run));
    }
    if (step instanceof Step.Reduce reduce) {
      JsonNode result = jq(reduce.index(), reduce.query(), ((JsonValue) from).json(), run);
      EnvelopeRule.checkResult(run.plan, reduce, result);
      return new JsonValue(result);
    }
    if (step instanceof Step.Stat) {
      return new JsonValue(stat(from));
    }
    if (step instanceof Step.Peek) {
      return new JsonValue(peek(from));
    }
    throw new IllegalStateException("no runner for step " + step.op());
  }

  private static Value valueOf(Map<String, Value> values, String name) {
    return values.getOrDefault(name, new SlotValue(name));
  }

  private List<Piece> pieces(Value value) {
    if (value instanceof PiecesValue pieces) {
      return pieces.pieces();
    }
    if (value instanceof SlotValue slot) {
      return List.of(new Piece(slot.name(), readAll(slot.name())));
    }
    throw new IllegalStateException("the compiler admits only slots and pieces here, got: " + value);
  }

  private String readAll(String name) {
    return SlotText.readAll(env, name);
  }

  private static JsonNode jq(int index, String query, JsonNode input, Run run) {
    try {
      return Jq.apply("step " + index + "'s jq query '" + query + "'", Jq.compile(query), input, run.jqBounds(),
          run.cancel);
    } catch (JsonQueryException e) {
      throw new IllegalArgumentException("step " + index + "'s jq query '" + query + "' failed on its input: "
          + e.getMessage() + "; guard it (e.g. with `?` or `// empty`) for values that lack a field");
    }
  }

  private static JsonNode parse(String text, Step step) {
    try {
      return CanonicalJson.parse(text);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("step " + step.index() + " (" + step.op() + ") reads '" + step.from()
          + "', which does not hold JSON: " + e.getMessage() + "; select reads JSON slots only");
    }
  }

  private JsonNode stat(Value value) {
    ObjectNode out = CanonicalJson.MAPPER.createObjectNode();
    if (value instanceof SlotValue slot) {
      SlotStat stat = env.stat(slot.name());
      return out.put("name", stat.name()).put("chars", stat.chars()).put("bytes", stat.bytes())
          .put("lines", stat.lines()).put("pieces", stat.pieces());
    }
    if (value instanceof PiecesValue pieces) {
      return out.put("pieces", pieces.pieces().size())
          .put("chars", pieces.pieces().stream().mapToLong(p -> p.text().length()).sum());
    }
    JsonNode json = ((JsonValue) value).json();
    return out.put("chars", CanonicalJson.of(json).length()).put("items", json.isContainerNode() ? json.size() : 1);
  }

  private JsonNode peek(Value value) {
    ObjectNode out = CanonicalJson.MAPPER.createObjectNode();
    if (value instanceof SlotValue slot) {
      Peek peek = env.peek(slot.name());
      return out.put("name", peek.name()).put("head", peek.head()).put("chars", peek.chars())
          .put("truncated", peek.truncated());
    }
    String text;
    if (value instanceof PiecesValue pieces) {
      out.put("pieces", pieces.pieces().size());
      if (pieces.pieces().isEmpty()) {
        return out;
      }
      out.put("first", pieces.pieces().get(0).address());
      text = pieces.pieces().get(0).text();
    } else {
      text = CanonicalJson.of(((JsonValue) value).json());
    }
    return out.put("head", text.substring(0, Math.min(PEEK_CHARS, text.length()))).put("chars", text.length())
        .put("truncated", text.length() > PEEK_CHARS);
  }

  private String answerText(Value value) {
    if (value instanceof SlotValue slot) {
      return readAll(slot.name());
    }
    JsonNode json = value instanceof JsonValue v ? v.json() : addresses((PiecesValue) value);
    return json.isTextual() ? json.asText() : json.toPrettyString();
  }

  private static String slotText(Value value) {
    if (value instanceof JsonValue json) {
      return CanonicalJson.of(json.json());
    }
    return CanonicalJson.of(addresses((PiecesValue) value));
  }

  private static ArrayNode addresses(PiecesValue pieces) {
    ArrayNode out = CanonicalJson.MAPPER.createArrayNode();
    pieces.pieces().forEach(p -> out.add(p.address()));
    return out;
  }

  private static String summarize(Value value) {
    if (value instanceof PiecesValue pieces) {
      return pieces.pieces().size() + " pieces";
    }
    return CanonicalJson.of(((JsonValue) value).json()).length() + " chars";
  }
}
