package dev.weft.agents.refine;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.weft.agents.model.ChatClient;
import dev.weft.agents.program.CompileError;
import dev.weft.context.ledger.Ledger;
import dev.weft.context.ledger.LedgerChanges;
import dev.weft.context.ledger.LedgerSnapshot;
import dev.weft.context.program.CancelSignal;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The only way a model changes a ledger's durable state: it answers "what did you learn" with an RFC 6902 patch
 * over the supplemental state {@code {goal, memories, skills}} ({@link #state()}), generated under the refinement
 * patch schema, and the patch goes through {@link GuardedRefiner}'s four gates. The system prompt is not in the
 * state and no path of the schema reaches it. See docs/agents.md, "Refinement".
 */
public final class LedgerRefiner {
  private final Ledger ledger;
  private final RefineOptions options;
  private final PatchSchema schema;
  private final GuardedRefiner<JsonNode> refiner;

  public LedgerRefiner(Ledger ledger, RefineOptions options) {
    this.ledger = Objects.requireNonNull(ledger, "ledger");
    this.options = Objects.requireNonNull(options, "options");
    this.schema = PatchSchema.refinement(options.maxOps());
    this.refiner = new GuardedRefiner<>(new Parts());
  }

  /**
   * The document a patch applies to: the current goal ({@code status: none} with no progress when none was set),
   * every memory and every skill, as the ledger stores them (without vectors), in address order.
   */
  public JsonNode state() {
    ObjectNode state = JsonNodeFactory.instance.objectNode();
    state.set("goal", ledger.goal().<JsonNode>map(JsonNode::deepCopy).orElseGet(() -> {
      ObjectNode none = JsonNodeFactory.instance.objectNode().put("status", "none");
      none.putArray("progress");
      return none;
    }));
    ArrayNode memories = state.putArray("memories");
    ledger.memories().forEach(memories::add);
    ArrayNode skills = state.putArray("skills");
    ledger.skills().forEach(skills::add);
    return state;
  }

  public PatchSchema patchSchema() {
    return schema;
  }

  /** Gates 1 to 3 against the current state, writing nothing: the errors a commit of {@code patch} would meet. */
  public List<CompileError> check(JsonNode patch) {
    return refiner.check(state(), patch);
  }

  /** Puts a patch a host wrote through the same four gates a model's goes through. */
  public Refinement commit(JsonNode patch) {
    return refiner.commit(patch);
  }

  /**
   * Asks {@code client} what the run described by {@code trajectory} taught, under the patch schema, with one
   * repair round (by default) showing it the errors, and commits the first patch that passes every gate.
   */
  public Refinement refine(ChatClient client, String trajectory, CancelSignal cancel) {
    return refiner.refine(new ModelProposer(client, schema, trajectory, cancel), options.maxRepairs());
  }

  /** The ledger snapshot a refinement took, for {@link Ledger#rollback}. */
  public static Optional<LedgerSnapshot> snapshotOf(Refinement refinement) {
    return refinement.snapshot().filter(LedgerRestore.class::isInstance).map(s -> ((LedgerRestore) s).snapshot());
  }

  /** A ledger snapshot paired with its rollback. */
  private record LedgerRestore(Ledger ledger, LedgerSnapshot snapshot) implements GuardedDocument.Snapshot {
    @Override
    public void restore() {
      ledger.rollback(snapshot);
    }
  }

  private final class Parts extends JsonPatchDocument<LedgerPlan> {
    private final LedgerPlanner planner =
        new LedgerPlanner(ledger, options.deduplicate() == RefineOptions.Deduplicate.EXACT_EVIDENCE);

    Parts() {
      super(schema);
    }

    @Override
    public JsonNode read() {
      return state();
    }

    @Override
    public LedgerPlan plan(JsonNode document, JsonNode candidate, JsonNode proposal) {
      return planner.plan(document, candidate, proposal);
    }

    @Override
    public boolean isEmpty(LedgerPlan plan) {
      return plan.changes().isEmpty();
    }

    @Override
    public JsonNode report(LedgerPlan plan) {
      ObjectNode report = JsonNodeFactory.instance.objectNode();
      report.putArray("deduplicated").addAll(plan.deduplicated());
      return report;
    }

    @Override
    public Snapshot snapshot() {
      return new LedgerRestore(ledger, ledger.snapshot());
    }

    @Override
    public JsonNode commit(LedgerPlan plan) {
      LedgerChanges.Committed committed = ledger.commit(plan.changes());
      ObjectNode written = JsonNodeFactory.instance.objectNode();
      committed.memories().forEach(written.withArray("memories")::add);
      committed.skills().forEach(written.withArray("skills")::add);
      committed.progress().forEach(written.withArray("progress")::add);
      committed.removed().forEach(written.withArray("removed")::add);
      return written;
    }
  }
}
