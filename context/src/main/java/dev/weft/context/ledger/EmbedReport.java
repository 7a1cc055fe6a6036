package dev.weft.context.ledger;

import java.util.Objects;
import java.util.Optional;

/**
 * What {@code embedMissing} did.
 *
 * @param embedded records given a vector by this run
 * @param remaining records still without a vector of the embedder (beyond the limit, or after a failed batch)
 * @param failure why a batch failed: the batches before it are kept, the run stopped there
 */
public record EmbedReport(int embedded, int remaining, Optional<String> failure) {
  public EmbedReport {
    Objects.requireNonNull(failure, "failure");
  }
}
