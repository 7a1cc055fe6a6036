package dev.weft.bench;

import dev.weft.bench.eval.BeirCorpus;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * {@code weft bench --compare}: the whole-process figures of issue 13 — one recall (docs and code), a no-op index
 * (the FAQ as files and a code tree) and a cold index of the code tree — each timed as {@code weft} processes
 * through the launcher, cold (its own JVM) and warm (answered by the warm server), medians and ratios from the same
 * run, beside the Node tool's figures from the issue (that tool is not installable here: no npm registry).
 */
public final class WholeProcessBench implements Bench {
  /** The Node + SQLite-FTS5 tool's whole-process figures (ms) on this machine, as issue 13 reports them. */
  private static final Map<String, Double> NODE_TOOL_MS = Map.of("recall-docs", 102.0, "recall-code", 105.0,
      "noop-docs", 167.0, "noop-code", 118.0, "cold-code", 3050.0);
  static final String DOCS_QUERY = "how do I sort a dictionary by value";
  static final String CODE_QUERY = "read lines from a file";
  /** Wall time a warm server may take to start answering (a JVM start on a loaded machine). */
  private static final long SERVER_START_NANOS = 120_000_000_000L;

  /**
   * @param codeTree the code tree indexed (the is the 638-file Python standard library)
   * @param faq a BEIR folder written as one Markdown file per record for the docs figures, or null to skip them
   * @param repeat timed runs per figure and mode (at least 5), after one untimed run
   */
  public record Options(Path codeTree, Path faq, int repeat) {
    public Options {
      directory(codeTree, "--corpus");
      if (faq != null) {
        directory(faq, "--faq");
      }
      Checks.atLeast("--repeat (with --compare)", repeat, 5);
    }

    private static void directory(Path dir, String option) {
      if (dir == null || !Files.isDirectory(dir)) {
        throw new IllegalArgumentException(option + " must be a directory, got: " + dir);
      }
    }
  }

  private final Options options;

  public WholeProcessBench(Options options) {
    this.options = options;
  }

  @Override
  public String name() {
    return "compare";
  }

  @Override
  public int run(Path work, PrintWriter out) throws Exception {
    ProcessTimer timer = ProcessTimer.forLauncher();
    if (timer == null) {
      throw new IllegalArgumentException("weft bench --compare times whole `weft` processes: start it with the "
          + "launcher (./weft bench --compare ...), which tells it where it is");
    }
    // WEFT_NO_BUILD: a source edited while this runs must not make the launcher build in the middle of a figure
    Map<String, String> cold = Map.of("WEFT_NO_SERVER", "1", "WEFT_NO_BUILD", "1");
    Map<String, String> warm = Map.of("WEFT_NO_SERVER", "0", "WEFT_NO_BUILD", "1",
        "WEFT_RUN_DIR", work.resolve("run").toString());
    out.println("load\t" + loadAverage());
    String code = options.codeTree().toAbsolutePath().normalize().toString();
    String codeIndex = work.resolve("code-index").toString();
    timer.time(cold, "index", code, "--index", codeIndex, "--quiet");
    String docs = null;
    String docsIndex = work.resolve("docs-index").toString();
    if (options.faq() != null) {
      Path files = Files.createDirectories(work.resolve("faq-files"));
      int written = BeirCorpus.writeMarkdownFiles(options.faq(), files).size();
      docs = files.toString();
      timer.time(cold, "index", docs, "--index", docsIndex, "--quiet");
      out.println("docs\t" + written + " Markdown files");
    }
    startWarmServer(timer, warm, work, codeIndex);
    out.println("figure\tcold CLI ms\twarm CLI ms\twarm/cold\tNode tool ms (issue 13)\twarm/tool");
    if (docs != null) {
      row(out, "recall-docs", timer, cold, warm, "recall", DOCS_QUERY, "--index", docsIndex);
    }
    row(out, "recall-code", timer, cold, warm, "recall", CODE_QUERY, "--kind", "code", "--index", codeIndex);
    if (docs != null) {
      row(out, "noop-docs", timer, cold, warm, "index", docs, "--index", docsIndex, "--quiet");
    }
    row(out, "noop-code", timer, cold, warm, "index", code, "--index", codeIndex, "--quiet");
    int[] fresh = {0};
    double coldIndex = median(() -> timer.time(cold, "index", code, "--index", freshIndex(work, fresh), "--quiet"));
    double warmIndex = median(() -> timer.time(warm, "index", code, "--index", freshIndex(work, fresh), "--quiet"));
    print(out, "cold-code", coldIndex, warmIndex);
    out.println("load\t" + loadAverage());
    return 0;
  }

  /** The first warm call starts the server (and runs cold); later ones are answered once it listens. */
  private static void startWarmServer(ProcessTimer timer, Map<String, String> warm, Path work, String index)
      throws IOException, InterruptedException {
    Path err = work.resolve("probe.err");
    long deadline = System.nanoTime() + SERVER_START_NANOS;
    while (timer.stderr(warm, err, "stats", "--index", index, "--verbose").contains("running cold")) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("the warm server did not answer within 120 s; its log is in "
            + work.resolve("run"));
      }
      Thread.sleep(200); // a poll between process starts, not a test's wait
    }
  }

  private void row(PrintWriter out, String figure, ProcessTimer timer, Map<String, String> cold,
      Map<String, String> warm, String... args) {
    print(out, figure, median(() -> timer.time(cold, args)), median(() -> timer.time(warm, args)));
  }

  private static void print(PrintWriter out, String figure, double coldNanos, double warmNanos) {
    double coldMs = coldNanos / 1e6;
    double warmMs = warmNanos / 1e6;
    double tool = NODE_TOOL_MS.get(figure);
    out.printf("%s\t%.0f\t%.0f\t%.2fx\t%.0f\t%.2fx%n", figure, coldMs, warmMs, warmMs / coldMs, tool, warmMs / tool);
    out.flush();
  }

  /** The median of {@code repeat} timed runs after one untimed run (CDS archives, the server's JIT). */
  private double median(TimedRun run) {
    run.nanos();
    List<Long> times = new ArrayList<>();
    for (int i = 0; i < options.repeat(); i++) {
      times.add(run.nanos());
    }
    Collections.sort(times);
    int n = times.size();
    return n % 2 == 1 ? times.get(n / 2) : (times.get(n / 2 - 1) + times.get(n / 2)) / 2.0;
  }

  private static String freshIndex(Path work, int[] counter) {
    return work.resolve("cold-index-" + counter[0]++).toString();
  }

  private static String loadAverage() {
    try {
      return Files.readString(Path.of("/proc/loadavg")).trim();
    } catch (IOException e) {
      return "unknown (" + e.getMessage() + ")";
    }
  }

  @FunctionalInterface
  private interface TimedRun {
    long nanos();
  }
}
