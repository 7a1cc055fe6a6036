package dev.weft.agents.refine;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.weft.agents.program.CompileError;
import dev.weft.agents.program.ErrorCode;
import dev.weft.context.ledger.ClaimEvidenceException;
import dev.weft.context.ledger.Ledger;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The second user of {@link GuardedRefiner}: a claim-evidence envelope the host keeps, changed only by a patch
 * (the claim patch schema) whose result {@link Ledger#validateClaimEvidence} accepts against the host's admitted
 * artifacts. Reading, persisting and snapshots are the host's (injected); gate 3's errors point into the resulting
 * envelope ({@code /claims/0/status}), where the rule that failed is.
 */
public final class ClaimRefiner {
  private final GuardedRefiner<JsonNode> refiner;

  /**
   * @param hostArtifacts artifact ids the host admits (cited without being declared in the envelope)
   * @param read the envelope as stored now
   * @param commit persists a validated envelope atomically
   * @param snapshot the stored envelope now, paired with its restore
   */
  public ClaimRefiner(Ledger ledger, Set<String> hostArtifacts, int maxOps, Supplier<JsonNode> read,
      Consumer<JsonNode> commit, Supplier<GuardedDocument.Snapshot> snapshot) {
    Objects.requireNonNull(ledger, "ledger");
    Set<String> admitted = Set.copyOf(hostArtifacts);
    PatchSchema schema = PatchSchema.claims(maxOps);
    Objects.requireNonNull(read, "read");
    Objects.requireNonNull(commit, "commit");
    Objects.requireNonNull(snapshot, "snapshot");
    this.refiner = new GuardedRefiner<>(new JsonPatchDocument<JsonNode>(schema) {
      @Override
      public JsonNode read() {
        return read.get();
      }

      @Override
      public JsonNode plan(JsonNode document, JsonNode candidate, JsonNode proposal) {
        try {
          ledger.validateClaimEvidence(candidate, admitted);
          return candidate;
        } catch (ClaimEvidenceException e) {
          throw new RefinementRefusedException(List.of(new CompileError(ErrorCode.AI0402, e.pointer(),
              e.getMessage())));
        }
      }

      @Override
      public boolean isEmpty(JsonNode plan) {
        return plan.equals(read.get());
      }

      @Override
      public JsonNode report(JsonNode plan) {
        return JsonNodeFactory.instance.objectNode();
      }

      @Override
      public Snapshot snapshot() {
        return snapshot.get();
      }

      @Override
      public JsonNode commit(JsonNode plan) {
        commit.accept(plan.deepCopy());
        return plan;
      }
    });
  }

  /** Puts a patch over the envelope through the four gates. */
  public Refinement commit(JsonNode patch) {
    return refiner.commit(patch);
  }

  /** Asks {@code proposer} for a patch, with {@code maxRepairs} repair rounds. */
  public Refinement refine(Proposer<JsonNode> proposer, int maxRepairs) {
    return refiner.refine(proposer, maxRepairs);
  }
}
