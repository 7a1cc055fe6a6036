package dev.weft.jobs.cli;

import dev.weft.agents.program.MapProgress;
import java.io.PrintWriter;
import java.util.Locale;

/**
 * A map's progress on stderr: done/total, failures, calls in flight, rate and ETA. On a terminal one line is
 * redrawn; otherwise nothing (a log gets the summary line at the end), and nothing at all with --quiet.
 */
final class MapConsoleProgress implements MapProgress.Listener {
  private static final long EVERY_NANOS = 200_000_000L;

  private final PrintWriter err;
  private final boolean enabled;
  private long lastDrawNanos;
  private boolean drawn;

  MapConsoleProgress(PrintWriter err, boolean wanted, boolean terminal) {
    this.err = err;
    this.enabled = wanted && terminal;
  }

  @Override
  public synchronized void onProgress(MapProgress p) {
    if (!enabled) {
      return;
    }
    long now = System.nanoTime();
    if (p.done() < p.total() && now - lastDrawNanos < EVERY_NANOS) {
      return;
    }
    lastDrawNanos = now;
    err.print("\r" + line(p));
    err.flush();
    drawn = true;
  }

  synchronized void finished() {
    if (drawn) {
      err.println();
      err.flush();
    }
  }

  static String line(MapProgress p) {
    long eta = p.etaSeconds();
    return String.format(Locale.ROOT, "map %d/%s  %d failed  %d in flight  %.1f/s  ETA %s", p.done(),
        p.total() == MapProgress.UNKNOWN_TOTAL ? "?" : String.valueOf(p.total()), p.failed(), p.inFlight(), p.rate(),
        eta < 0 ? "?" : eta + "s");
  }
}
