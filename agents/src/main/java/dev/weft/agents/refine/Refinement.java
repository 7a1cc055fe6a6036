package dev.weft.agents.refine;

import com.fasterxml.jackson.databind.JsonNode;
import dev.weft.agents.program.CompileError;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What a refinement came to.
 *
 * @param status how it ended
 * @param errors the last attempt's coded, pointered errors ({@link Status#DECLINED}); empty otherwise
 * @param written what the commit wrote ({@link Status#APPLIED})
 * @param report what the plan did besides writing (e.g. {@code deduplicated}); an empty object when nothing
 * @param snapshot the state before the commit, for {@code snapshot.restore()} (rollback) later; present when a
 *     commit was attempted
 * @param attempts proposals judged (1, or 2 after a repair round; 0 for a hand-given proposal that never met a model)
 * @param message one line for a user: what happened and, on failure, what to do
 */
public record Refinement(Status status, List<CompileError> errors, Optional<JsonNode> written, JsonNode report,
    Optional<GuardedDocument.Snapshot> snapshot, int attempts, String message) {
  public Refinement {
    Objects.requireNonNull(status, "status");
    errors = List.copyOf(errors);
    Objects.requireNonNull(written, "written");
    Objects.requireNonNull(report, "report");
    Objects.requireNonNull(snapshot, "snapshot");
    Objects.requireNonNull(message, "message");
  }

  /** How a refinement ended. */
  public enum Status {
    /** The plan was committed. */
    APPLIED,
    /** Every gate passed and the plan writes nothing (the empty patch, or every proposal deduplicated). */
    UNCHANGED,
    /** A gate refused the proposal and the repair round too: nothing was written. */
    DECLINED,
    /** The snapshot could not be taken: nothing was written. */
    SNAPSHOT_FAILED,
    /** The commit failed and the snapshot was restored. */
    ROLLED_BACK,
    /** The commit failed and restoring the snapshot failed twice: the message names both causes. */
    RESTORE_FAILED
  }

  public boolean applied() {
    return status == Status.APPLIED;
  }
}
