package dev.weft.jobs.cli;

import dev.weft.api.IndexRun;
import dev.weft.api.Weft;
import dev.weft.jobs.run.SignalStop;
import dev.weft.jobs.view.Json;
import dev.weft.context.IndexLocation;
import dev.weft.pipelines.ingest.IndexWatch;
import dev.weft.pipelines.ingest.WatchWindow;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine;

/**
 * {@code weft index --watch}: runs the facade's watch on this thread and turns Ctrl-C and SIGTERM into a clean stop
 * ({@link SignalStop}): the watch returns and the command exits 0. A second signal exits at once (130): the publish
 * is atomic, so even that leaves the served generation whole.
 */
final class IndexWatchRun {
  private static final String[] SIGNALS = {"INT", "TERM"};

  private final PrintWriter out;
  private final PrintWriter err;
  private final boolean json;
  private final boolean quiet;

  IndexWatchRun(CommandLine cli, boolean json, boolean quiet) {
    this.out = cli.getOut();
    this.err = cli.getErr();
    this.json = json;
    this.quiet = quiet;
  }

  int run(IndexLocation index, IndexRun run, IndexWatch.WatchSettings settings) {
    try (Weft weft = Weft.open(index)) {
      IndexWatch watch = weft.watch(run, settings, this::report);
      try (SignalStop stop = SignalStop.install(() -> {
        note("stopping: the current window finishes its publish or is abandoned before it");
        watch.stop();
      })) {
        note("watching " + run.source().location() + " into " + index + " (window "
            + settings.window().toMillis() + " ms, rescan " + settings.rescan().toMillis() + " ms); Ctrl-C stops");
        watch.run();
        note("stopped");
        return 0;
      }
    }
  }

  private void report(WatchWindow window) {
    if (json) {
      Map<String, Object> line = new LinkedHashMap<>();
      line.put("window", window.window());
      line.put("status", window.status().name().toLowerCase(Locale.ROOT));
      line.put("generation", window.generation() < 0 ? null : window.generation());
      line.put("events", window.events());
      line.put("added", window.added());
      line.put("updated", window.updated());
      line.put("removed", window.removed());
      line.put("elapsed_ms", window.elapsedMillis());
      line.put("detail", window.detail());
      line.put("counters", window.report() == null ? Map.of() : window.report().counters());
      out.println(Json.write(line));
      out.flush();
    }
    note(window.line());
  }

  private void note(String line) {
    if (!quiet) {
      err.println(line);
      err.flush();
    }
  }
}
