package dev.weft.jobs.mcp;

import dev.weft.api.IndexOutcome;
import dev.weft.api.IndexRun;
import dev.weft.context.error.ExitStatus;
import dev.weft.jobs.run.Failures;
import dev.weft.jobs.view.TsvFields;
import dev.weft.pipelines.ingest.IngestReport;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The incremental index {@code weft mcp} starts when a client initializes: one run over the server's corpus on a
 * daemon thread, so the handshake and every tool call go on while it runs (recalls answer from the served
 * generation until the run publishes the next). What it did, or why it did not run, is one line on stderr.
 */
public final class McpBackgroundIndex {
  private final Supplier<Optional<IndexRun.Builder>> corpus;
  private final Function<IndexRun, IndexOutcome> index;
  private final PrintWriter err;
  private final AtomicBoolean started = new AtomicBoolean();
  private final CountDownLatch done = new CountDownLatch(1);

  /**
   * @param corpus the run over the server's corpus, empty when there is none (asked on the thread: it reads the
   *     index's manifests)
   * @param index the facade's index call
   */
  public McpBackgroundIndex(Supplier<Optional<IndexRun.Builder>> corpus, Function<IndexRun, IndexOutcome> index,
      PrintWriter err) {
    this.corpus = corpus;
    this.index = index;
    this.err = err;
  }

  /** Starts the run once; returns at once. */
  void start() {
    if (!started.compareAndSet(false, true)) {
      return;
    }
    Thread thread = new Thread(this::run, "weft-mcp-background-index");
    thread.setDaemon(true); // a client that goes away must not wait for it: see awaitAtShutdown
    thread.start();
  }

  private void run() {
    try {
      Optional<IndexRun.Builder> run = corpus.get();
      if (run.isEmpty()) {
        say("no background index: the server has no corpus (start it with --root DIR, or index a tree once)");
        return;
      }
      IndexOutcome outcome = index.apply(run.get().build());
      for (IngestReport report : outcome.reports()) {
        say(report.published() ? "background index published generation " + report.generation() + " ("
            + report.counters() + ")" : "background index: nothing changed");
      }
    } catch (RuntimeException e) { // the run's end: reported once, on stderr, where the server logs
      Failures.Classified why = Failures.classify(e);
      // busy is not a failure here: another run (the index tool, a shell's weft index) is doing the same work
      say((why.status() == ExitStatus.BUSY ? "background index skipped: " : "background index failed: ")
          + why.line());
    } finally {
      done.countDown();
    }
  }

  /**
   * Waits up to {@code wait} for a started run to end; false when it is still running (the process may then exit:
   * a run that dies before its publish leaves the served generation as it was).
   */
  boolean awaitAtShutdown(Duration wait) throws InterruptedException {
    if (!started.get() || done.await(wait.toMillis(), TimeUnit.MILLISECONDS)) {
      return true;
    }
    say("background index still running after " + wait.toSeconds() + " s at shutdown; abandoning it (nothing "
        + "half-published: the served generation stays as it was)");
    return false;
  }

  private void say(String line) {
    err.println("weft mcp: " + TsvFields.printable(line));
    err.flush();
  }
}
