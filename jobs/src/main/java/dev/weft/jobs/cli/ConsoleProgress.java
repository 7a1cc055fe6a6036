package dev.weft.jobs.cli;

import dev.weft.pipelines.ingest.IngestProgress;
import java.io.PrintWriter;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Progress on stderr: files, chunks, rate and ETA. On a terminal one line is redrawn with a bar; otherwise a
 * plain line is written every few seconds so logs stay readable.
 */
final class ConsoleProgress implements IngestProgress {
  private static final long TERMINAL_EVERY_NANOS = 200_000_000L;
  private static final long LOG_EVERY_NANOS = 5_000_000_000L;

  private final PrintWriter err;
  private final boolean terminal;
  private final AtomicLong files = new AtomicLong();
  private final AtomicLong chunks = new AtomicLong();
  private volatile long total;
  private volatile long startNanos;
  private volatile long lastDrawNanos;
  private volatile boolean drawn;

  ConsoleProgress(PrintWriter err, boolean terminal) {
    this.err = err;
    this.terminal = terminal;
  }

  @Override
  public void started(int fileCount, String executor) {
    // one progress can watch several runs (weft eval --as-files ingests the records, then their folder): each
    // run counts from zero against its own total
    files.set(0);
    chunks.set(0);
    total = fileCount;
    startNanos = System.nanoTime();
    lastDrawNanos = startNanos;
    err.println(fileCount < 0 ? "indexing (" + executor + ")" : "indexing " + fileCount + " files (" + executor + ")");
    err.flush();
  }

  @Override
  public void fileDone(int chunkCount) {
    files.incrementAndGet();
    chunks.addAndGet(chunkCount);
    long now = System.nanoTime();
    if (now - lastDrawNanos >= (terminal ? TERMINAL_EVERY_NANOS : LOG_EVERY_NANOS)) {
      synchronized (this) {
        if (now - lastDrawNanos >= (terminal ? TERMINAL_EVERY_NANOS : LOG_EVERY_NANOS)) {
          lastDrawNanos = now;
          draw(now);
        }
      }
    }
  }

  @Override
  public synchronized void finished() {
    if (drawn && terminal) {
      draw(System.nanoTime());
      err.println();
      err.flush();
    }
  }

  /** Draws the current line now, whatever the interval (for tests). */
  void drawNow() {
    draw(System.nanoTime());
  }

  private void draw(long now) {
    long done = files.get();
    double seconds = Math.max(1e-3, (now - startNanos) / 1e9);
    double rate = done / seconds;
    String line;
    if (total < 0) { // a streamed dataset: the total is not known up front
      line = String.format("%d items  %d chunks  %.0f items/s", done, chunks.get(), rate);
    } else {
      long etaSeconds = rate > 0 ? Math.round((total - done) / rate) : -1;
      line = String.format("%s %d/%d files  %d chunks  %.0f files/s  ETA %s", bar(done), done, total,
          chunks.get(), rate, etaSeconds < 0 ? "?" : etaSeconds + "s");
    }
    err.print(terminal ? "\r" + line : line + System.lineSeparator());
    err.flush();
    drawn = true;
  }

  private String bar(long done) {
    int width = 24;
    int filled = total == 0 ? width : (int) Math.min(width, done * width / total);
    return "[" + "#".repeat(filled) + " ".repeat(width - filled) + "]";
  }
}
