package dev.weft.context.program;

/**
 * The one bound of a map's sub-calls in flight, {@code maxConcurrent} ({@code --max-concurrent} on the CLI, the same
 * word in the Beam options and the MCP arguments), shared by the in-process runner and the Beam transform so both
 * executors take and refuse the same K. Each sub-call in flight is a request the model endpoint holds open (and, on
 * Beam, a worker slot held for the whole map); a K past what one endpoint serves at once only turns into 429s and
 * retries, so a larger K is refused as a mistake rather than queued (docs/programs.md).
 */
public final class MaxConcurrent {
  /** Sub-calls in flight when a run names no K. */
  public static final int DEFAULT = 4;
  /** The largest K a run takes. */
  public static final int MAX = 64;

  private MaxConcurrent() {}

  /**
   * @return {@code k}
   * @throws IllegalArgumentException naming K when it is outside 1 to {@value #MAX}
   */
  public static int check(int k) {
    if (k < 1 || k > MAX) {
      throw new IllegalArgumentException("maxConcurrent must be between 1 and " + MAX + ", got: " + k);
    }
    return k;
  }
}
