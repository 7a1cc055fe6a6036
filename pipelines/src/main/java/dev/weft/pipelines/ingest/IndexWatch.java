package dev.weft.pipelines.ingest;

import dev.weft.context.IndexLocation;
import dev.weft.context.error.IndexBusyException;
import dev.weft.transforms.ingest.TreeWatcher;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * {@code weft index --watch}: keeps an index level with a directory tree as it changes. A {@link TreeWatcher}
 * collects the paths that changed; at the end of each window that saw any, the same incremental pass as
 * {@code weft index} runs (plan under the write lock against the served generation, update, commit, publish), so a
 * window publishes exactly one generation or, when the planner finds nothing to do, none. The pass re-plans the
 * whole tree rather than only the reported paths: listing is what a pass costs either way (a scoped pass lists the
 * tree too), and the planner then catches every change the watcher missed (docs/ingest.md, "Streaming").
 *
 * <p>A stop ({@link #stop}) ends the watch after the current window: a window still before its publish is abandoned
 * at the gate just before the publish (nothing is published; the next start re-plans and picks the change up), one
 * already publishing finishes. A busy index (another run holds the lock) is reported and retried next window.
 */
public final class IndexWatch {
  /** One incremental pass run with the ingester the watch gives it (its stop gate before the publish). */
  @FunctionalInterface
  public interface Pass {
    IngestReport run(Ingester ingester);
  }

  /** Told how each window ended, on the watch's thread. */
  @FunctionalInterface
  public interface Listener {
    void windowEnded(WatchWindow window);
  }

  /** Where a watch's changes come from: a {@link TreeWatcher} in production. */
  interface Feed extends AutoCloseable {
    TreeWatcher.Changes drain();

    @Override
    void close();
  }

  private final Pass pass;
  private final Supplier<Feed> feeds;
  private final Listener listener;
  private final WatchSettings settings;
  private final LongSupplier clockMillis;
  private final Runnable afterCommit;
  private final CountDownLatch stopped = new CountDownLatch(1);
  private volatile boolean stopRequested;
  private boolean pending = true; // the first window catches up with what changed while nobody watched
  private long lastPassMillis;
  private long windows;

  /**
   * @param feeds opens the watcher when the watch runs
   * @param clockMillis when backstop passes are due; tests move it by hand
   * @param afterCommit runs between the commit and the stop gate; tests stop the watch there
   */
  IndexWatch(Pass pass, Supplier<Feed> feeds, Listener listener, WatchSettings settings,
      LongSupplier clockMillis, Runnable afterCommit) {
    this.pass = Objects.requireNonNull(pass, "pass");
    this.feeds = Objects.requireNonNull(feeds, "feeds");
    this.listener = Objects.requireNonNull(listener, "listener");
    this.settings = Objects.requireNonNull(settings, "settings");
    this.clockMillis = clockMillis;
    this.afterCommit = afterCommit;
    this.lastPassMillis = clockMillis.getAsLong();
  }

  /**
   * A watch of {@code root} (never of {@code index}) that {@link #run} starts: the first window passes at once,
   * then one window every {@code settings.window()}.
   */
  public static IndexWatch of(Path root, IndexLocation index, WatchSettings settings, Pass pass, Listener listener) {
    Supplier<Feed> feeds = () -> {
      TreeWatcher watcher = TreeWatcher.start(root, index.dir());
      return new Feed() {
        @Override
        public TreeWatcher.Changes drain() {
          return watcher.drain();
        }

        @Override
        public void close() {
          watcher.close();
        }
      };
    };
    return new IndexWatch(pass, feeds, listener, settings, System::currentTimeMillis, () -> {});
  }

  /**
   * Watches until {@link #stop}, then returns. A pass failing for any reason but a busy index ends the watch with
   * that failure (the served generation stays as it was). The watcher starts before the first pass, so nothing that
   * changes during it is missed.
   */
  public void run() {
    try (Feed feed = feeds.get()) {
      while (!stopRequested) {
        WatchWindow window = runWindow(feed.drain());
        if (window.status() != WatchWindow.Status.IDLE) {
          listener.windowEnded(window);
        }
        if (window.status() == WatchWindow.Status.ABANDONED) {
          return;
        }
        awaitWindowEnd();
      }
    }
  }

  /** Asks the watch to end: no new window starts, and the current one is abandoned unless it is publishing. */
  public void stop() {
    stopRequested = true;
    stopped.countDown();
  }

  public boolean stopRequested() {
    return stopRequested;
  }

  /**
   * Ends one window over what the watcher saw in it: when it saw anything (or a busy or abandoned window is owed a
   * retry, or a backstop pass is due), runs one pass. The test seam: tests call it instead of waiting for a clock.
   */
  WatchWindow runWindow(TreeWatcher.Changes seen) {
    windows++;
    long now = clockMillis.getAsLong();
    boolean backstop = now - lastPassMillis >= settings.rescan().toMillis();
    if (seen.isEmpty() && !pending && !backstop) {
      return new WatchWindow(windows, WatchWindow.Status.IDLE, 0, null, "", 0);
    }
    long start = System.nanoTime();
    lastPassMillis = now;
    try {
      IngestReport report = pass.run(new Ingester().beforePublish(() -> {
        afterCommit.run();
        if (stopRequested) {
          throw new Abandoned();
        }
      }));
      pending = false;
      return new WatchWindow(windows, report.published() ? WatchWindow.Status.PUBLISHED
          : WatchWindow.Status.UNCHANGED, seen.paths().size(), report, "", elapsed(start));
    } catch (IndexBusyException busy) {
      pending = true;
      return new WatchWindow(windows, WatchWindow.Status.BUSY, seen.paths().size(), null, busy.getMessage(),
          elapsed(start));
    } catch (Abandoned abandoned) {
      pending = true;
      return new WatchWindow(windows, WatchWindow.Status.ABANDONED, seen.paths().size(), null,
          "stopped before publishing", elapsed(start));
    }
  }

  private void awaitWindowEnd() {
    try {
      stopped.await(settings.window().toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      stop();
    }
  }

  private static long elapsed(long startNanos) {
    return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos);
  }

  /** Thrown at the gate before the publish when a stop came: the run ends there, publishing nothing. */
  private static final class Abandoned extends RuntimeException {
    Abandoned() {
      super("the watch was stopped before this window's publish", null, false, false);
    }
  }

  /**
   * How a watch windows the changes.
   *
   * @param window how long changes collect before a pass applies them ({@code --window}, default 2 s)
   * @param rescan how often the whole tree is re-planned even without events, the backstop for events the OS
   *     dropped ({@code --rescan}, default 60 s)
   */
  public record WatchSettings(Duration window, Duration rescan) {
    public static final Duration DEFAULT_WINDOW = Duration.ofSeconds(2);
    public static final Duration DEFAULT_RESCAN = Duration.ofSeconds(60);

    public WatchSettings {
      Objects.requireNonNull(window, "window");
      Objects.requireNonNull(rescan, "rescan");
      if (window.toMillis() < 100) {
        throw new IllegalArgumentException("--window must be at least 100ms, got: " + window.toMillis() + "ms");
      }
      if (rescan.compareTo(window) < 0) {
        throw new IllegalArgumentException("--rescan must be at least --window (" + window.toMillis()
            + "ms), got: " + rescan.toMillis() + "ms");
      }
    }

    public static WatchSettings defaults() {
      return new WatchSettings(DEFAULT_WINDOW, DEFAULT_RESCAN);
    }
  }
}
