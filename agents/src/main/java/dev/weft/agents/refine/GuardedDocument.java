package dev.weft.agents.refine;

import com.fasterxml.jackson.databind.JsonNode;
import dev.weft.agents.program.CompileError;
import java.util.List;

/**
 * What {@link GuardedRefiner} is injected with: how to read a document, check a proposal's shape, apply it to a
 * copy, validate the result and plan its writes, take a snapshot (paired with its restore) and commit a plan.
 * The engine knows no document layout; the ledger refiner and the claim refiner each implement this once.
 *
 * @param <D> the document a proposal changes
 * @param <P> a plan: the writes a valid candidate implies
 */
public interface GuardedDocument<D, P> {
  /** The document as it is stored now. */
  D read();

  /** Gate 1: the proposal's shape (its schema); empty when it conforms. */
  List<CompileError> validate(JsonNode proposal);

  /**
   * Gate 2: the proposal applied to a copy of {@code document}, which stays untouched.
   *
   * @throws RefinementRefusedException with the coded, pointered errors when it does not apply
   */
  D apply(D document, JsonNode proposal);

  /**
   * Gate 3: every record of {@code candidate} validated against the store's own rules, and the writes that turn
   * {@code document} into it.
   *
   * @throws RefinementRefusedException with the coded, pointered errors when a record is not storable
   */
  P plan(D document, D candidate, JsonNode proposal);

  /** Whether committing {@code plan} would write nothing (then no snapshot is taken). */
  boolean isEmpty(P plan);

  /** What the plan does besides its writes (e.g. the proposals it skipped), for the result; may be empty. */
  JsonNode report(P plan);

  /** Gate 4, first half: the state before the commit, restorable byte for byte. */
  Snapshot snapshot();

  /** Gate 4: writes {@code plan} in one atomic commit; answers what it wrote. */
  JsonNode commit(P plan);

  /** A snapshot paired with its restore. */
  interface Snapshot {
    /** Makes the state exactly the snapshot's again. */
    void restore();
  }
}
