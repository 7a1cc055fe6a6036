package dev.weft.agents.program;

/**
 * A map's progress, as the CLI shows it.
 *
 * @param done pieces finished (answered or failed)
 * @param total pieces the map will visit (after the cap), or {@link #UNKNOWN_TOTAL} while a runner cannot say yet
 * @param failed pieces whose sub-call failed
 * @param inFlight sub-calls running now
 * @param elapsedMillis since the map started
 */
public record MapProgress(int done, int total, int failed, int inFlight, long elapsedMillis) {
  /** The total of a map whose runner has not counted its pieces yet (Flink reports counters at the end). */
  public static final int UNKNOWN_TOTAL = -1;

  /** Pieces a second, 0 before the first finished. */
  public double rate() {
    return elapsedMillis == 0 ? 0 : done * 1000.0 / elapsedMillis;
  }

  /** Seconds left at the rate so far, or -1 while it is unknown. */
  public long etaSeconds() {
    double rate = rate();
    return rate == 0 || total == UNKNOWN_TOTAL ? -1 : Math.round((total - done) / rate);
  }

  /** Listens to a map's progress; called from the map's worker threads, so it must be quick and thread-safe. */
  @FunctionalInterface
  public interface Listener {
    void onProgress(MapProgress progress);

    static Listener none() {
      return progress -> { };
    }
  }
}
