package dev.weft.agents.refine;

import com.fasterxml.jackson.databind.JsonNode;
import dev.weft.agents.program.CompileError;
import dev.weft.agents.program.ErrorCode;
import dev.weft.agents.refine.GuardedDocument.Snapshot;
import dev.weft.agents.refine.Proposer.Proposal;
import dev.weft.agents.refine.Proposer.Rejected;
import dev.weft.agents.refine.Refinement.Status;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The gate engine: a proposal changes a document only through four gates, in order — (1) its schema, (2)
 * application to a copy, (3) validation of every resulting record and a plan of the writes, (4) a snapshot, then
 * one atomic commit. A refused proposal comes back with coded, pointered errors ({@link CompileError}); {@link
 * #refine} shows them to the proposer for a bounded number of repair rounds and then declines. Nothing is
 * half-applied: a commit that fails restores the snapshot, a restore that fails is tried once more, and a second
 * failure is reported with both causes. The engine knows no document layout: everything is injected through
 * {@link GuardedDocument}. Calls on one refiner are serialised (read, judge and commit as one).
 *
 * @param <D> the document a proposal changes
 */
public final class GuardedRefiner<D> {
  /** At most this many errors go back to a proposer: more do not help a repair. */
  public static final int MAX_ERRORS = 8;

  private final Engine<D, ?> engine;

  public GuardedRefiner(GuardedDocument<D, ?> parts) {
    this.engine = new Engine<>(Objects.requireNonNull(parts, "parts"));
  }

  /** Gates 1 to 3 over a copy of {@code document}: what a commit of {@code proposal} would write, or why not. */
  public List<CompileError> check(D document, JsonNode proposal) {
    return engine.prepare(document, proposal).errors();
  }

  /** Puts a proposal that already exists (hand-written, or a host's) through all four gates; no repair round. */
  public synchronized Refinement commit(JsonNode proposal) {
    Objects.requireNonNull(proposal, "proposal");
    return engine.judgeAndCommit(engine.parts.read(), new Proposal(proposal.toString(), Optional.of(proposal)), 0);
  }

  /**
   * Asks {@code proposer} for a proposal against the document as read once now, then for at most
   * {@code maxRepairs} repairs showing it the errors, and commits the first that passes every gate.
   */
  public synchronized Refinement refine(Proposer<D> proposer, int maxRepairs) {
    Objects.requireNonNull(proposer, "proposer");
    if (maxRepairs < 0 || maxRepairs > 3) {
      throw new IllegalArgumentException("maxRepairs must be between 0 and 3, got: " + maxRepairs);
    }
    D document = engine.parts.read();
    Optional<Rejected> rejected = Optional.empty();
    for (int attempt = 1; ; attempt++) {
      Proposal proposal = proposer.propose(document, rejected);
      Prepared<?> prepared = engine.prepare(document, proposal);
      if (prepared.errors().isEmpty() || attempt > maxRepairs) {
        return engine.finish(prepared, attempt);
      }
      rejected = Optional.of(new Rejected(proposal.text(), prepared.errors()));
    }
  }

  /** The outcome of gates 1 to 3: errors, or a plan. */
  private record Prepared<P>(List<CompileError> errors, P plan) {}

  /** The gates over one {@link GuardedDocument}, its plan type captured. */
  private static final class Engine<D, P> {
    private final GuardedDocument<D, P> parts;

    Engine(GuardedDocument<D, P> parts) {
      this.parts = parts;
    }

    Prepared<P> prepare(D document, JsonNode proposal) {
      return prepare(document, new Proposal(proposal.toString(), Optional.of(proposal)));
    }

    Prepared<P> prepare(D document, Proposal proposal) {
      if (proposal.json().isEmpty()) {
        return refused(List.of(new CompileError(ErrorCode.AI0001, "", "the answer is not JSON: answer with a JSON "
            + "Patch, an array of operations ([] when there is nothing to record)")));
      }
      JsonNode json = proposal.json().get();
      List<CompileError> shape = parts.validate(json);
      if (!shape.isEmpty()) {
        return refused(shape);
      }
      try {
        D candidate = parts.apply(document, json);
        return new Prepared<>(List.of(), parts.plan(document, candidate, json));
      } catch (RefinementRefusedException e) {
        return refused(e.errors());
      }
    }

    Refinement judgeAndCommit(D document, Proposal proposal, int attempts) {
      return finish(prepare(document, proposal), attempts);
    }

    @SuppressWarnings("unchecked") // every Prepared this engine finishes was made by its own prepare
    Refinement finish(Prepared<?> prepared, int attempts) {
      if (!prepared.errors().isEmpty()) {
        return new Refinement(Status.DECLINED, prepared.errors(), Optional.empty(), JsonNodeFactory.instance.objectNode(),
            Optional.empty(), attempts, "the proposal was declined after " + attempts + " attempt(s), nothing was "
            + "written: " + prepared.errors().get(0) + more(prepared.errors()));
      }
      return commit(((Prepared<P>) prepared).plan(), attempts);
    }

    private Refinement commit(P plan, int attempts) {
      JsonNode report = parts.report(plan);
      if (parts.isEmpty(plan)) {
        return new Refinement(Status.UNCHANGED, List.of(), Optional.empty(), report, Optional.empty(), attempts,
            "the proposal passed every gate and changes nothing");
      }
      Snapshot snapshot;
      try {
        snapshot = parts.snapshot();
      } catch (RuntimeException e) {
        return new Refinement(Status.SNAPSHOT_FAILED, List.of(), Optional.empty(), report, Optional.empty(),
            attempts, "no snapshot could be taken, so nothing was written: " + e.getMessage());
      }
      try {
        JsonNode written = parts.commit(plan);
        return new Refinement(Status.APPLIED, List.of(), Optional.of(written), report, Optional.of(snapshot),
            attempts, "applied in one commit; restore the snapshot to undo it");
      } catch (RuntimeException commitFailure) {
        return restore(snapshot, commitFailure, report, attempts);
      }
    }

    /** Restores after a failed commit: tried once more when it fails, and both causes reported if that fails. */
    private Refinement restore(Snapshot snapshot, RuntimeException commitFailure, JsonNode report, int attempts) {
      RuntimeException firstRestore = null;
      for (int tries = 1; tries <= 2; tries++) {
        try {
          snapshot.restore();
          return new Refinement(Status.ROLLED_BACK, List.of(), Optional.empty(), report, Optional.of(snapshot),
              attempts, "the commit failed and the state before it was restored" + (firstRestore == null ? ""
              : " (on the second try; the first failed: " + firstRestore.getMessage() + ")") + ": "
              + commitFailure.getMessage());
        } catch (RuntimeException e) {
          if (firstRestore == null) {
            firstRestore = e;
          } else {
            e.addSuppressed(firstRestore);
            commitFailure.addSuppressed(e);
            return new Refinement(Status.RESTORE_FAILED, List.of(), Optional.empty(), report,
                Optional.of(snapshot), attempts, "the commit failed (" + commitFailure.getMessage()
                + ") and restoring the snapshot failed twice (" + e.getMessage() + "); restore the snapshot "
                + "again once the store answers");
          }
        }
      }
      throw new IllegalStateException("unreachable: a restore either succeeds or fails twice");
    }

    private static <P> Prepared<P> refused(List<CompileError> errors) {
      return new Prepared<>(errors.size() > MAX_ERRORS ? errors.subList(0, MAX_ERRORS) : errors, null);
    }

    private static String more(List<CompileError> errors) {
      return errors.size() > 1 ? " (and " + (errors.size() - 1) + " more)" : "";
    }
  }
}
