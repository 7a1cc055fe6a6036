package dev.weft.pipelines.ingest;

import java.time.Duration;
import java.util.Objects;

/**
 * How a writing run takes the index, beside what it ingests.
 *
 * @param lockWait how long to wait for another run's write lock before refusing as busy ({@code --wait})
 * @param rebuild start a fresh generation line that reads nothing of the served generation ({@code --rebuild})
 */
public record WriteAccess(Duration lockWait, boolean rebuild) {
  /** Refuse at once when busy; build on the served generation. */
  public static final WriteAccess DEFAULT = new WriteAccess(Duration.ZERO, false);

  public WriteAccess {
    Objects.requireNonNull(lockWait, "lockWait");
    if (lockWait.isNegative()) {
      throw new IllegalArgumentException("--wait must be at least 0 seconds, got: " + lockWait.toSeconds());
    }
  }
}
