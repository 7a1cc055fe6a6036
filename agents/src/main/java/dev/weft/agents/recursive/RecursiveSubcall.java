package dev.weft.agents.recursive;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.weft.agents.loop.StopReason;
import dev.weft.agents.program.CanonicalJson;
import dev.weft.agents.program.Envelopes;
import dev.weft.agents.program.RunResult;
import dev.weft.agents.program.SlotText;
import dev.weft.context.ContentHash;
import dev.weft.context.env.Environment;
import dev.weft.context.env.SlotNotFoundException;
import dev.weft.context.program.CancelSignal;
import dev.weft.context.program.MapCall;
import dev.weft.context.program.Subcall;
import dev.weft.context.program.SubcallException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Optional;

/**
 * A map sub-call that is a child level: for a piece at level d below the tree's depth, it makes the child's scope
 * {@code child/<d+1>/<piece address, escaped>/} beneath the parent's environment ({@link ScopedEnvironment}), puts
 * the piece in the child's {@code corpus} slot, runs the tree's {@link Level} at d+1 with the map's instruction as
 * its question, and answers the child's {@code {slot, value}} envelopes with each slot made the parent's name for it
 * (the scope in front). Only the answer crosses back, read through a bounded reader.
 *
 * <p>A child that does not answer is a value, not an exception out of the map: a {@link SubcallException} the map
 * records as the piece's {@code error} ({@code CHILD_FAILED}, or {@code BUDGET_SPENT} when the tree's budget was
 * spent before it started) with the child's {@code depth} and scope {@code address}.
 *
 * <p>Resume: a child that finished cleanly (every step ran, no failed or unvisited piece) leaves its envelopes in
 * the parent's slot {@code child/<d+1>/<escaped>.answer} with the question and the piece's hash; the same question
 * over the same piece is answered from there without running the child again. Anything less runs again.
 */
final class RecursiveSubcall implements Subcall {
  private static final long serialVersionUID = 1L;
  /** A finished child's record beyond its answer: the question (at most 4,000 chars, JSON-escaped) and the hash. */
  private static final long RECORD_OVERHEAD_CHARS = 65_536;

  private final transient RecursionTree tree;
  private final int depth;
  private final transient Environment env;

  RecursiveSubcall(RecursionTree tree, int depth, Environment env) {
    this.tree = tree;
    this.depth = depth;
    this.env = env;
  }

  /** The scope of the child working on {@code address} at {@code childDepth}: derived, so nothing stores it. */
  static String scope(int childDepth, String address) {
    return "child/" + childDepth + "/" + escape(address) + "/";
  }

  /**
   * The address as one segment: {@code %}, {@code /} and {@code #} escaped, so no child's scope is a prefix of a
   * sibling's ({@code a/} and {@code a/b/} would nest) and the scope is a legal slot name.
   */
  static String escape(String address) {
    return address.replace("%", "%25").replace("/", "%2F").replace("#", "%23");
  }

  @Override
  public JsonNode call(MapCall call, CancelSignal cancel) throws SubcallException {
    int childDepth = depth + 1;
    String scope = scope(childDepth, call.address());
    String record = scope.substring(0, scope.length() - 1) + ".answer";
    String pieceHash = ContentHash.of(call.piece().getBytes(StandardCharsets.UTF_8));
    Optional<ArrayNode> finished = finished(record, call.instruction(), pieceHash);
    if (finished.isPresent()) {
      tree.childReused();
      return parentNames(scope, finished.get());
    }
    Optional<StopReason> stop = tree.budget().stopReason();
    if (stop.isPresent()) {
      tree.childRefused();
      throw failure(SubcallException.Reason.BUDGET_SPENT, call, childDepth, scope,
          "child not started: " + tree.budget().refusal(stop.get()));
    }
    ScopedEnvironment child = new ScopedEnvironment(env, scope);
    LevelResult result;
    try {
      child.put("corpus", call.piece());
      result = tree.level().run(childDepth, child, call.instruction(), cancel);
    } catch (RuntimeException e) {
      // A level that throws (a step that could not run, AI0209) fails this piece only, as a value.
      tree.childRan(false);
      throw failure(SubcallException.Reason.CHILD_FAILED, call, childDepth, scope, e.getMessage() == null
          ? e.getClass().getSimpleName() : e.getMessage());
    }
    Optional<String> error = result.error();
    ArrayNode envelopes;
    try {
      envelopes = envelopes(result);
    } catch (IllegalArgumentException e) {
      error = Optional.of(e.getMessage());
      envelopes = null;
    }
    if (error.isPresent()) {
      tree.childRan(false);
      throw failure(SubcallException.Reason.CHILD_FAILED, call, childDepth, scope, error.get());
    }
    tree.childRan(true);
    RunResult run = result.run().orElseThrow();
    if (run.failed() == 0 && run.unvisited() == 0) {
      ObjectNode done = JsonNodeFactory.instance.objectNode().put("question", call.instruction())
          .put("piece", pieceHash);
      done.set("answer", envelopes);
      env.put(record, CanonicalJson.of(done));
    }
    return parentNames(scope, envelopes);
  }

  /** The child's answer as envelopes, read at most {@link RecursionTree#maxAnswerChars}; refusals as messages. */
  private ArrayNode envelopes(LevelResult result) {
    if (result.run().isEmpty()) {
      return null;
    }
    RunResult run = result.run().get();
    if (!run.ok()) {
      throw new IllegalArgumentException("the child's run stopped before its answer (cancelled); its finished steps "
          + "are in its scope");
    }
    int max = tree.maxAnswerChars();
    if (run.answerChars() > max) {
      throw new IllegalArgumentException("the child's answer is " + run.answerChars() + " characters, over "
          + "maxAnswerChars " + max + "; reduce it further, or raise maxAnswerChars");
    }
    StringBuilder text = new StringBuilder(run.answerChars());
    while (text.length() < run.answerChars()) {
      text.append(run.readAnswer(text.length(), Math.min(RunResult.MAX_READ_CHARS, run.answerChars() - text.length())));
    }
    JsonNode answer;
    try {
      answer = text.length() == 0 ? JsonNodeFactory.instance.nullNode() : CanonicalJson.parse(text.toString());
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("AI0209: the child's answer is not JSON, so not {slot, value} envelopes: "
          + e.getMessage());
    }
    return Envelopes.array(answer).orElseThrow(() -> new IllegalArgumentException("AI0209: the child's answer is "
        + "not {slot, value} envelopes (a " + answer.getNodeType().name().toLowerCase(Locale.ROOT)
        + "); a child's program must reduce to envelopes"));
  }

  /** The envelopes a finished child left for this question and piece, if any. */
  private Optional<ArrayNode> finished(String record, String question, String pieceHash) {
    String text;
    try {
      if (env.stat(record).chars() > tree.maxAnswerChars() + RECORD_OVERHEAD_CHARS) {
        return Optional.empty(); // larger than any answer the tree would have kept: not ours
      }
      text = SlotText.readAll(env, record);
    } catch (SlotNotFoundException e) {
      return Optional.empty(); // no child finished here yet
    }
    JsonNode done;
    try {
      done = CanonicalJson.parse(text);
    } catch (IllegalArgumentException e) {
      return Optional.empty(); // not a record this class wrote: run the child again, which overwrites it
    }
    if (!done.path("question").asText().equals(question) || !done.path("piece").asText().equals(pieceHash)) {
      return Optional.empty();
    }
    return Envelopes.array(done.get("answer"));
  }

  /** The envelopes with each slot the parent's name for it. */
  private static ArrayNode parentNames(String scope, Iterable<JsonNode> envelopes) {
    ArrayNode out = JsonNodeFactory.instance.arrayNode();
    for (JsonNode envelope : envelopes) {
      ObjectNode copy = ((ObjectNode) envelope).deepCopy();
      copy.put("slot", scope + envelope.get("slot").asText());
      out.add(copy);
    }
    return out;
  }

  private static SubcallException failure(SubcallException.Reason reason, MapCall call, int childDepth, String scope,
      String message) {
    ObjectNode detail = JsonNodeFactory.instance.objectNode().put("depth", childDepth).put("address", scope);
    return new SubcallException(reason, call.address() + ": " + message, detail);
  }
}
