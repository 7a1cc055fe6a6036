package dev.weft.context.program;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Objects;
import java.util.Optional;

/** A sub-call that failed for good (after the implementation's own retries): the reason is recorded per piece. */
public final class SubcallException extends Exception {
  private static final long serialVersionUID = 1L;

  /** Why, as a stable word a report can count by. */
  public enum Reason {
    TIMEOUT,
    RATE_LIMITED,
    SERVER_ERROR,
    REFUSED,
    MALFORMED_REPLY,
    SCHEMA_MISMATCH,
    CANCELLED,
    IO_ERROR,
    /** A recursion tree's shared budget was spent: the call was not made. */
    BUDGET_SPENT,
    /** A child level (a recursive sub-call) ended without an answer; the detail names its depth and scope. */
    CHILD_FAILED
  }

  private final Reason reason;
  private final transient JsonNode detail;

  public SubcallException(Reason reason, String message) {
    this(reason, message, (JsonNode) null);
  }

  public SubcallException(Reason reason, String message, Throwable cause) {
    super(message, cause);
    this.reason = Objects.requireNonNull(reason, "reason");
    this.detail = null;
  }

  /**
   * @param detail members a runner adds to the piece's {@code error} object beside {@code reason} and {@code
   *     message} (a child's {@code depth} and scope {@code address}); null for none
   */
  public SubcallException(Reason reason, String message, JsonNode detail) {
    super(message);
    this.reason = Objects.requireNonNull(reason, "reason");
    this.detail = detail;
  }

  /** Members for the piece's {@code error} object beyond reason and message, when the failure has any. */
  public Optional<JsonNode> detail() {
    return Optional.ofNullable(detail);
  }

  public Reason reason() {
    return reason;
  }
}
