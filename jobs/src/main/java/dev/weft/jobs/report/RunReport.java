package dev.weft.jobs.report;

import dev.weft.context.DeadLetter;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one run did, for people and tools to look at afterwards ({@code --report FILE}, {@code weft report}). The
 * JSON Schema is {@code schemas/.../run-report.schema.json}; docs/operations.md ("Run reports") lists the fields.
 *
 * @param version the report format's version, {@link #VERSION}
 * @param job {@code index}, {@code reindex}, {@code export} (or {@code bench})
 * @param startedAt when the run began, ISO-8601 UTC
 * @param elapsedMillis wall time of the whole run
 * @param outcome {@code ok} or {@code failed}
 * @param failure why the run failed, or null when it did not
 * @param executor the executor that ran the change set, {@code none} for a no-op or a run that is not an ingest
 * @param generation the generation the run published, or -1 when it published none
 * @param counters the run's counters, in the order the run reports them
 * @param stages wall time of each stage the run passed, in order
 * @param throughput items done, sampled about once a second while items complete
 * @param deadLetters the refused items: how many, where they are, the first few
 * @param recallLatenciesMillis latencies of single recalls, when the run measured them (a benchmark); else empty
 * @param notes what the run repaired on its way, one line each
 */
public record RunReport(
    int version,
    String job,
    String startedAt,
    long elapsedMillis,
    String outcome,
    Failure failure,
    String executor,
    long generation,
    Map<String, Long> counters,
    List<Stage> stages,
    List<Sample> throughput,
    DeadLetters deadLetters,
    List<Double> recallLatenciesMillis,
    List<String> notes) {
  public static final int VERSION = 1;
  public static final String OK = "ok";
  public static final String FAILED = "failed";

  public RunReport {
    counters = Collections.unmodifiableMap(new LinkedHashMap<>(counters));
    stages = List.copyOf(stages);
    throughput = List.copyOf(throughput);
    recallLatenciesMillis = List.copyOf(recallLatenciesMillis);
    notes = List.copyOf(notes);
  }

  /**
   * A failed run.
   *
   * @param exitCode the exit code the process ends with (docs/cli.md)
   * @param stage the stage the run was in when it failed
   * @param message the one line printed on stderr
   */
  public record Failure(int exitCode, String stage, String message) {}

  /** One stage's wall time. */
  public record Stage(String name, long millis) {}

  /**
   * One throughput sample.
   *
   * @param seconds seconds since the run began
   * @param items items (files or records) done so far
   * @param chunks chunks produced so far
   * @param itemsPerSecond items done since the previous sample, per second
   */
  public record Sample(double seconds, long items, long chunks, double itemsPerSecond) {}

  /**
   * The run's dead letters.
   *
   * @param count how many items were refused
   * @param file the run's dead-letter JSONL with every one of them, or null when none
   * @param first the first {@link #CAP} of them
   */
  public record DeadLetters(long count, String file, List<DeadLetter> first) {
    public static final int CAP = 20;
    public static final DeadLetters NONE = new DeadLetters(0, null, List.of());

    public DeadLetters {
      first = List.copyOf(first);
    }
  }
}
