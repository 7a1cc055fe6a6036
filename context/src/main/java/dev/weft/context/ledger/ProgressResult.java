package dev.weft.context.ledger;

import java.util.Objects;
import java.util.Optional;

/**
 * What appending progress did.
 *
 * @param id the entry's id ({@code progress:N})
 * @param checkpoint {@code deterministic} or {@code reducer} when the append crossed a goal limit and the progress
 *     was folded into a checkpoint
 * @param reducerRejected why the host reducer's checkpoint was refused (the deterministic one was kept instead)
 */
public record ProgressResult(String id, Optional<String> checkpoint, Optional<String> reducerRejected) {
  public ProgressResult {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(checkpoint, "checkpoint");
    Objects.requireNonNull(reducerRejected, "reducerRejected");
  }
}
