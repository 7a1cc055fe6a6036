package dev.weft.bench.chaos;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How one {@code weft} child process ended.
 *
 * @param args the CLI arguments (after {@code weft})
 * @param exit the exit code; meaningless when {@code killed} or {@code hung}
 * @param killed the suite killed it on purpose (SIGKILL at a seeded moment)
 * @param hung it outlived its deadline and was killed for that
 * @param out its stdout
 * @param err its stderr
 * @param millis wall time from start to exit
 */
public record ChildResult(List<String> args, int exit, boolean killed, boolean hung, String out, String err,
    long millis) {
  /** Exit status of a refusal because another writer holds the index (docs/cli.md). */
  public static final int BUSY = 3;

  private static final Pattern PUBLISHED = Pattern.compile("published generation (\\d+)");
  private static final Pattern SEEN_BY_GENERATIONS = Pattern.compile("(?m)^\\*\\t(\\d+)\\t");
  private static final Pattern SEEN_BY_STATS = Pattern.compile("(?m)^generation\\t(\\d+)$");
  private static final Pattern SERVING = Pattern.compile("serving generation (\\d+)");
  // a JVM stack frame or an uncaught exception: the CLI's contract is one line on stderr without --verbose
  private static final Pattern STACK = Pattern.compile("(?m)^\\s+at [\\w$.]+\\(|^Exception in thread |^Caused by: ");

  public ChildResult {
    args = List.copyOf(args);
  }

  /** Ran to its end and exited 0. */
  public boolean ok() {
    return !killed && !hung && exit == 0;
  }

  /** Every generation its stdout says was published, in print order. */
  public List<Long> printedGenerations() {
    List<Long> generations = new ArrayList<>();
    Matcher m = PUBLISHED.matcher(out);
    while (m.find()) {
      generations.add(Long.parseLong(m.group(1)));
    }
    return generations;
  }

  /** The generation a rollback says it now serves. */
  public Optional<Long> servingGeneration() {
    Matcher m = SERVING.matcher(out);
    return m.find() ? Optional.of(Long.parseLong(m.group(1))) : Optional.empty();
  }

  /**
   * The served generation a read reported: the starred line of {@code generations}, the {@code generation} line of
   * {@code stats}; empty for other commands and failed reads.
   */
  public Optional<Long> seenServed() {
    if (exit != 0 || killed || hung || args.isEmpty()) {
      return Optional.empty();
    }
    Pattern line = args.get(0).equals("generations") ? SEEN_BY_GENERATIONS
        : args.get(0).equals("stats") ? SEEN_BY_STATS : null;
    Matcher m = line == null ? null : line.matcher(out);
    return m != null && m.find() ? Optional.of(Long.parseLong(m.group(1))) : Optional.empty();
  }

  public boolean stackTrace() {
    return STACK.matcher(err).find();
  }

  /**
   * A reader failed when it hung, exited with anything but 0 (hits) or 1 (nothing found), or printed a stack
   * trace: a reader must never see a half-published or vanished generation.
   */
  public boolean readerFailed() {
    return hung || killed || (exit != 0 && exit != 1) || stackTrace();
  }

  /**
   * A writer the suite did not kill failed when it hung, printed a stack trace, or exited with anything but 0 or
   * {@link #BUSY} (a refusal because another writer holds the index, which is what a racing writer should get). A
   * rollback may also exit 2: a publish racing it may have pruned its target ("it is not kept").
   */
  public boolean writerFailed() {
    boolean refused = exit == BUSY || exit == 2 && !args.isEmpty() && args.get(0).equals("rollback");
    return !killed && (hung || (exit != 0 && !refused) || stackTrace());
  }

  /** The first stderr line, for the one-line failure report. */
  public String firstErrLine() {
    String trimmed = err.strip();
    int nl = trimmed.indexOf('\n');
    return nl < 0 ? trimmed : trimmed.substring(0, nl);
  }

  /** {@code weft index … → exit 0 (812 ms)}, {@code → killed after 640 ms}. */
  public String summary() {
    String how = hung ? "HUNG" : killed ? "killed" : "exit " + exit;
    return "weft " + String.join(" ", args) + " -> " + how + " (" + millis + " ms)";
  }
}
