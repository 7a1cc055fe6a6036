package dev.weft.agents.recursive;

/**
 * How many levels of authored programs a tree may have: 1 (the default) — the root's map sub-calls are plain model
 * calls; 2 — each root map sub-call is a child level over its piece, whose sub-calls are plain; 3, the cap. More is
 * run as 3 and reported ({@link #clamped}), never silently: a tree that did less than it was asked would look like
 * one that found nothing. Depth multiplies cost on every question it does not help, so deeper is not the default.
 *
 * @param max the deepest level that runs (1 to {@link #MAX})
 * @param clamped whether more was asked than {@link #MAX}
 */
public record Depth(int max, boolean clamped) {
  public static final int DEFAULT = 1;
  public static final int MAX = 3;

  public Depth {
    if (max < 1 || max > MAX) {
      throw new IllegalArgumentException("depth must be between 1 and " + MAX + ", got: " + max);
    }
  }

  /** The default depth, 1. */
  public static Depth defaults() {
    return new Depth(DEFAULT, false);
  }

  /**
   * The depth a request for {@code requested} levels runs: at most {@link #MAX}, clamped and said so above it.
   *
   * @throws IllegalArgumentException when {@code requested} is below 1
   */
  public static Depth resolve(int requested) {
    if (requested < 1) {
      throw new IllegalArgumentException("depth must be at least 1, got: " + requested
          + "; 1 asks the model once per piece, 2 or 3 let a piece be a child agent");
    }
    return new Depth(Math.min(requested, MAX), requested > MAX);
  }

  /** Whether a map sub-call at {@code level} (the root is 1) is a child level rather than a plain model call. */
  public boolean recursesAt(int level) {
    return level < max;
  }

  /**
   * Refuses a depth above 1 on a runner other than in-process: recursion runs in this process, where a child's
   * scope, budget and cancel are shared objects; a Beam worker would need them as services.
   *
   * @param runner the runner's name as the user wrote it, for the message
   * @param inProcess whether it is the in-process runner
   * @throws IllegalArgumentException (exit 2 in the CLI) naming both
   */
  public void checkRunner(String runner, boolean inProcess) {
    if (max > 1 && !inProcess) {
      throw new IllegalArgumentException("depth " + max + " runs in process only, got runner " + runner
          + "; pass --runner inprocess, or --depth 1 to run on " + runner);
    }
  }
}
