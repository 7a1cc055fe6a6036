package dev.weft.context.error;

/**
 * What a failure means to whoever runs Weft unattended, and the process exit code it maps to. A scheduler acts on
 * the code: retry later on {@link #BUSY}, page someone on {@link #DAMAGED}, check the disk on {@link #IO_FAILURE}.
 * The codes are documented in docs/cli.md; never renumber one.
 */
public enum ExitStatus {
  /** The command did what was asked. */
  OK(0),
  /** Nothing matched: no hits, no such chunk, or a pointer whose file changed since it was indexed. */
  NOTHING_FOUND(1),
  /** The command line or the input is wrong (a bad option value, a missing root, a malformed record). */
  BAD_INPUT(2),
  /**
   * Another run holds the index's write lock (retry later, or pass {@code --wait SECONDS}), or a Flink session
   * cluster's running jobs hold the task slots a job needs (retry later, or ask for fewer).
   */
  BUSY(3),
  /** A file of the index is missing or unreadable; the message names it and the way to recover. */
  DAMAGED(4),
  /**
   * The operating system refused a read or a write (disk full, permission, I/O error), or a service Weft must reach
   * did not answer (a Flink session cluster's REST API).
   */
  IO_FAILURE(5),
  /**
   * A run stopped at a limit it was given before it finished (an agent's budget or tool rounds, Ctrl-C); what it
   * did is kept, and it can be resumed.
   */
  STOPPED(6),
  /** A defect in Weft itself; rerun with {@code --verbose} and report the stack. */
  INTERNAL(70);

  private final int code;

  ExitStatus(int code) {
    this.code = code;
  }

  public int code() {
    return code;
  }
}
