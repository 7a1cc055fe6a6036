package dev.weft.agents.author;

/**
 * How a question is asked.
 *
 * @param depth the levels of authored programs asked for: 1, the default, is the root's program with plain map
 *     sub-calls; each more makes a map sub-call a child level over its piece. At least 1; more than {@link
 *     #MAX_DEPTH} runs {@link #MAX_DEPTH} and reports {@link #depthClamped}
 */
public record AskOptions(int depth) {
  /** Depth a question gets unless it asks for more. */
  public static final int DEFAULT_DEPTH = 1;
  /** The deepest tree: each level multiplies the calls by the map's fan-out. */
  public static final int MAX_DEPTH = 3;

  public AskOptions {
    if (depth < 1) {
      throw new IllegalArgumentException("depth must be at least 1, got: " + depth);
    }
  }

  public static AskOptions defaults() {
    return new AskOptions(DEFAULT_DEPTH);
  }

  /** The depth that runs: the one asked for, at most {@link #MAX_DEPTH}. */
  public int depthUsed() {
    return Math.min(depth, MAX_DEPTH);
  }

  /** Whether more depth was asked for than runs. */
  public boolean depthClamped() {
    return depth > MAX_DEPTH;
  }
}
