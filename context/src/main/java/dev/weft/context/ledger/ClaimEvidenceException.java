package dev.weft.context.ledger;

import dev.weft.context.error.ExitStatus;
import dev.weft.context.error.WeftException;

/** Evidence was refused: the message names the JSON Pointer of the offending part and the rule it broke. */
public final class ClaimEvidenceException extends WeftException {
  private final String pointer;

  ClaimEvidenceException(String pointer, String message) {
    super(ExitStatus.BAD_INPUT, "evidence refused at " + (pointer.isEmpty() ? "/" : pointer) + ": " + message);
    this.pointer = pointer;
  }

  /** Where in the evidence the problem is ({@code ""} for the whole value). */
  public String pointer() {
    return pointer;
  }
}
