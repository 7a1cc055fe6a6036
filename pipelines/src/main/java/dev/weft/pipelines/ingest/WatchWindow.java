package dev.weft.pipelines.ingest;

import dev.weft.context.IngestCounters;
import java.util.Objects;

/**
 * How one window of {@code weft index --watch} ended.
 *
 * @param window the window's number in this watch, from 1
 * @param status what the window did
 * @param events paths the watcher reported in the window (0 for a start-up or backstop pass)
 * @param report the pass's report when a pass ran to its end ({@link Status#PUBLISHED}, {@link Status#UNCHANGED}),
 *     else null
 * @param detail why a window was busy or abandoned, else empty
 * @param elapsedMillis the window's pass, 0 when none ran
 */
public record WatchWindow(long window, Status status, int events, IngestReport report, String detail,
    long elapsedMillis) {
  /** What a window did. */
  public enum Status {
    /** No event and no backstop pass due: nothing ran. */
    IDLE,
    /** A pass ran and published one generation. */
    PUBLISHED,
    /** A pass ran and found nothing to do: nothing was published. */
    UNCHANGED,
    /** Another run held the write lock: nothing was published, and the next window passes again. */
    BUSY,
    /** A stop came before the publish: nothing was published, and the next start passes again. */
    ABANDONED
  }

  public WatchWindow {
    Objects.requireNonNull(status, "status");
    Objects.requireNonNull(detail, "detail");
  }

  /** The generation this window published, or -1. */
  public long generation() {
    return status == Status.PUBLISHED ? report.generation() : -1;
  }

  public long added() {
    return report == null ? 0 : report.counter(IngestCounters.ADDED);
  }

  public long updated() {
    return report == null ? 0 : report.counter(IngestCounters.UPDATED);
  }

  public long removed() {
    return report == null ? 0 : report.counter(IngestCounters.REMOVED);
  }

  /** The progress line: {@code generation 7: +2 ~1 -0 files (window 3, 41 ms)}. */
  public String line() {
    return switch (status) {
      case PUBLISHED -> "generation " + generation() + ": +" + added() + " ~" + updated() + " -" + removed()
          + " files (window " + window + ", " + elapsedMillis + " ms)";
      case UNCHANGED -> "window " + window + ": nothing changed (" + elapsedMillis + " ms)";
      case BUSY -> "window " + window + ": index busy, retrying next window: " + detail;
      case ABANDONED -> "window " + window + ": stopped before publishing; nothing published, the next start "
          + "picks the changes up";
      case IDLE -> "window " + window + ": idle";
    };
  }
}
