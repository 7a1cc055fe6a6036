package dev.weft.context.ledger;

import java.util.Objects;
import java.util.Optional;

/**
 * What a write of a memory or a skill did.
 *
 * @param id the record's address, e.g. {@code memory:7}
 * @param embedded whether the record was stored with a vector (only with embedOnWrite)
 * @param embedFailure why embedOnWrite could not embed it: the record is stored without a vector, and
 *     {@code embedMissing} fills it in later
 */
public record WriteResult(String id, boolean embedded, Optional<String> embedFailure) {
  public WriteResult {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(embedFailure, "embedFailure");
  }
}
