package dev.weft.context.ledger;

import java.util.List;

/**
 * A host's way to fold a goal's progress into a checkpoint (a model's summary, say). It may merge entries and
 * reword notes, but the ledger rejects its answer when it invents a source, drops or duplicates one, or changes
 * the evidence of any ({@link Checkpoints#validate}); the deterministic checkpoint is used instead.
 */
@FunctionalInterface
public interface GoalReducer {
  List<CheckpointItem> reduce(List<CheckpointItem> items);
}
