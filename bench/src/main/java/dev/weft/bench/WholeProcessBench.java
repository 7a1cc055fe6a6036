package dev.weft.bench;

import dev.weft.bench.eval.BeirCorpus;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code weft bench --compare}: the whole-process figures of issue 13 — one recall (docs and code), a no-op index
 * (the FAQ as files and a code tree) and a cold index of the code tree — each timed as {@code weft} processes
 * through the launcher, cold (its own JVM) and warm (answered by the warm server), medians and ratios from the same
 * run, beside the Node tool's figures from the issue (that tool is not on the npm registry served here; with a
 * checkout of it at hand, {@code bench/node-tool-side-by-side.sh} times both tools in one run instead). Warm
 * runs twice: through the JVM client alone ({@code WEFT_NATIVE_CLIENT=0}, the launcher before the native client)
 * and through the native client, against the same server.
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
    // the same server asked by the JVM client alone (the launcher before the native client): not part of its key
    Map<String, String> warmJvm = new HashMap<>(warm);
    warmJvm.put("WEFT_NATIVE_CLIENT", "0");
    List<Map<String, String>> modes = List.of(cold, warmJvm, warm);
    out.println("load\t" + loadAverage());
    out.println("client\t" + (timer.nativeClientBuilt() ? "native (jobs/target/weft-client)"
        : "JVM only: no native client was built (gcc missing), so both warm columns are the JVM client"));
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
    out.println("figure\tcold CLI ms\twarm, JVM client ms\twarm, native client ms\tnative/cold\tnative/JVM client"
        + "\tNode tool ms (issue 13)\tnative/tool");
    if (docs != null) {
      row(out, "recall-docs", timer, modes, "recall", DOCS_QUERY, "--index", docsIndex);
    }
    row(out, "recall-code", timer, modes, "recall", CODE_QUERY, "--kind", "code", "--index", codeIndex);
    if (docs != null) {
      row(out, "noop-docs", timer, modes, "index", docs, "--index", docsIndex, "--quiet");
    }
    row(out, "noop-code", timer, modes, "index", code, "--index", codeIndex, "--quiet");
    int[] fresh = {0};
    List<TimedRun> coldIndex = new ArrayList<>();
    for (Map<String, String> mode : modes) {
      coldIndex.add(() -> timer.time(mode, "index", code, "--index", freshIndex(work, fresh), "--quiet"));
    }
    print(out, "cold-code", medians(coldIndex));
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

  private void row(PrintWriter out, String figure, ProcessTimer timer, List<Map<String, String>> modes,
      String... args) {
    List<TimedRun> runs = new ArrayList<>();
    for (Map<String, String> mode : modes) {
      runs.add(() -> timer.time(mode, args));
    }
    print(out, figure, medians(runs));
  }

  /** {@code nanos}: cold, warm through the JVM client, warm through the native client. */
  private static void print(PrintWriter out, String figure, double[] nanos) {
    double coldMs = nanos[0] / 1e6;
    double jvmMs = nanos[1] / 1e6;
    double nativeMs = nanos[2] / 1e6;
    double tool = NODE_TOOL_MS.get(figure);
    out.printf("%s\t%.0f\t%.0f\t%.0f\t%.2fx\t%.2fx\t%.0f\t%.2fx%n", figure, coldMs, jvmMs, nativeMs,
        nativeMs / coldMs, nativeMs / jvmMs, tool, nativeMs / tool);
    out.flush();
  }

  /**
   * The median of {@code repeat} timed runs of each mode after one untimed run of each (CDS archives, the server's
   * JIT), the modes interleaved run by run so that every median saw the same load, in {@link #order} each round.
   */
  private double[] medians(List<TimedRun> modes) {
    List<List<Long>> times = new ArrayList<>();
    for (TimedRun run : modes) {
      run.nanos();
      times.add(new ArrayList<>());
    }
    for (int i = 0; i < options.repeat(); i++) {
      for (int m : order(i, modes.size())) {
        times.get(m).add(modes.get(m).nanos());
      }
    }
    double[] medians = new double[modes.size()];
    for (int m = 0; m < modes.size(); m++) {
      List<Long> sorted = times.get(m);
      Collections.sort(sorted);
      int n = sorted.size();
      medians[m] = n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2.0;
    }
    return medians;
  }

  /**
   * The modes' order in round {@code round}: forwards in even rounds, backwards in odd ones (A B C, C B A, ...), so
   * that no mode always runs right after the same other one. With one fixed order the native client's warm index
   * always came right after the JVM client's (the JVM client's right after a cold process) and was 60-100 ms
   * slower in every quiet run, which the two clients' identical requests and server CPU do not explain
   * (docs/benchmarks.md, "Whole process, warm CLI").
   */
  static List<Integer> order(int round, int modes) {
    List<Integer> order = new ArrayList<>();
    for (int m = 0; m < modes; m++) {
      order.add(round % 2 == 0 ? m : modes - 1 - m);
    }
    return order;
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
