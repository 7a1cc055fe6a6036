package dev.weft.agents.refine;

import java.util.Objects;

/**
 * How a ledger refiner runs.
 *
 * @param maxOps the patch schema's cap on operations (default 6; 0 to 64)
 * @param maxRepairs repair rounds after a refused proposal (default 1; 0 to 3)
 * @param deduplicate {@link Deduplicate#EXACT_EVIDENCE} skips new memories that repeat one byte for byte
 */
public record RefineOptions(int maxOps, int maxRepairs, Deduplicate deduplicate) {
  public static final int DEFAULT_MAX_OPS = 6;
  public static final int DEFAULT_MAX_REPAIRS = 1;

  public RefineOptions {
    Objects.requireNonNull(deduplicate, "deduplicate");
    if (maxOps < 0 || maxOps > 64) {
      throw new IllegalArgumentException("maxOps must be between 0 and 64, got: " + maxOps);
    }
    if (maxRepairs < 0 || maxRepairs > 3) {
      throw new IllegalArgumentException("maxRepairs must be between 0 and 3, got: " + maxRepairs);
    }
  }

  public static RefineOptions defaults() {
    return new RefineOptions(DEFAULT_MAX_OPS, DEFAULT_MAX_REPAIRS, Deduplicate.NONE);
  }

  public RefineOptions withDeduplicate(Deduplicate value) {
    return new RefineOptions(maxOps, maxRepairs, value);
  }

  public RefineOptions withMaxRepairs(int value) {
    return new RefineOptions(maxOps, value, deduplicate);
  }

  /** Whether new memories that repeat an existing one are skipped. */
  public enum Deduplicate {
    /** Every valid memory is stored. */
    NONE,
    /**
     * A new memory whose text, evidence (its JSON text) and tags equal those of a memory the patch keeps, or of
     * one proposed before it in the same patch, is skipped and reported; nothing stored is merged or removed.
     */
    EXACT_EVIDENCE
  }
}
