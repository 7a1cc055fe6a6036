package dev.weft.jobs.run;

import dev.weft.api.ExportSummary;
import dev.weft.api.IndexOutcome;
import dev.weft.api.ProgramOutcome;
import dev.weft.context.Elapsed;
import dev.weft.jobs.report.ProgramRunReports;
import dev.weft.jobs.report.RunRecorder;
import dev.weft.jobs.report.RunReport;
import dev.weft.jobs.report.RunReports;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code --report FILE} of one run: started when the run starts, written once when it ends, whether it
 * published or failed. With no file asked for it only builds the report (a job still prints its counters).
 */
public final class ReportFile {
  private final Path file;
  private final String job;
  private final Instant started = Instant.now();
  private final long startNanos = System.nanoTime();

  /** @param file where to write, or null for no file */
  public ReportFile(Path file, String job) {
    this.file = file;
    this.job = job;
  }

  /** The report of an index run that returned, written to the file. */
  public RunReport ingest(RunRecorder recorder, IndexOutcome outcome) {
    return write(RunReports.ofIngest(job, started, Elapsed.millisSince(startNanos), recorder, outcome.ingest(),
        outcome.fill().orElse(null)));
  }

  /** The report of an export that returned: its counts as the run's counters. */
  public RunReport export(RunRecorder recorder, ExportSummary summary) {
    Map<String, Long> counters = new LinkedHashMap<>();
    counters.put("chunks", summary.chunks());
    counters.put("chunks_with_vectors", summary.chunksWithVectors());
    return done(summary.generation(), counters, recorder);
  }

  /** The report of any other run that returned. */
  public RunReport done(long generation, Map<String, Long> counters, RunRecorder recorder) {
    return write(RunReports.of(job, started, Elapsed.millisSince(startNanos), generation, counters, recorder));
  }

  /** The report of a program run that returned; {@code summary} is the line the CLI prints for it. */
  public RunReport program(RunRecorder recorder, ProgramOutcome outcome, String summary) {
    return write(ProgramRunReports.of(job, started, Elapsed.millisSince(startNanos), recorder, outcome, summary));
  }

  /** The report of a benchmark that returned. */
  public RunReport bench(Map<String, Long> counters, List<Double> recallLatenciesMillis) {
    return write(RunReports.ofBench(started, Elapsed.millisSince(startNanos), counters, recallLatenciesMillis));
  }

  /**
   * The report of a run that threw {@code failure}, with the exit code and line the CLI prints for it. A report
   * that cannot be written is added to the failure as suppressed: the run's own failure is the one to show.
   */
  public RunReport failed(RunRecorder recorder, RuntimeException failure) {
    Failures.Classified classified = Failures.classify(failure);
    RunReport report = RunReports.failed(job, started, Elapsed.millisSince(startNanos), recorder,
        classified.status().code(), classified.line());
    try {
      return write(report);
    } catch (RuntimeException unwritten) {
      failure.addSuppressed(unwritten);
      return report;
    }
  }

  private RunReport write(RunReport report) {
    if (file != null) {
      RunReports.write(report, file);
    }
    return report;
  }
}
