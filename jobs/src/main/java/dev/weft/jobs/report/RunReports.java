package dev.weft.jobs.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.weft.context.DeadLetter;
import dev.weft.context.UserFiles;
import dev.weft.context.error.StorageFailureException;
import dev.weft.jobs.report.RunReport.DeadLetters;
import dev.weft.jobs.report.RunReport.Failure;
import dev.weft.pipelines.ingest.IngestReport;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Builds run reports from what a run returned or threw, and writes and reads them as JSON files. */
public final class RunReports {
  /**
   * The most bytes {@code weft report} reads of a run report (64 MiB): a report holds counters, a preview and the
   * first dead letters, so a larger file is not one; the bound keeps {@code /dev/zero} out of the heap.
   */
  public static final long MAX_REPORT_BYTES = 64L * 1024 * 1024;

  private static final ObjectMapper JSON = new ObjectMapper()
      .enable(SerializationFeature.INDENT_OUTPUT)
      .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

  private RunReports() {}

  /**
   * The report of an ingest that returned.
   *
   * @param fill the second pass that gave unchanged chunks their vectors, or null; its counters are added with a
   *     {@code fill.} prefix and its generation is the one the run left served
   */
  public static RunReport ofIngest(String job, Instant started, long elapsedMillis, RunRecorder recorder,
      IngestReport ingest, IngestReport fill) {
    Map<String, Long> counters = new LinkedHashMap<>(ingest.counters());
    long generation = ingest.generation();
    List<String> notes = new ArrayList<>(ingest.notes());
    DeadLetters letters = deadLetters(ingest.deadLetterFile());
    if (fill != null) {
      fill.counters().forEach((name, value) -> counters.put("fill." + name, value));
      generation = fill.published() ? fill.generation() : generation;
      notes.addAll(fill.notes());
      DeadLetters filled = deadLetters(fill.deadLetterFile());
      letters = filled.count() > 0 && letters.count() == 0 ? filled : letters;
    }
    return new RunReport(RunReport.VERSION, job, started.toString(), elapsedMillis, RunReport.OK,
        null, ingest.executor(), generation, counters, recorder.stages(), recorder.throughput(), letters, List.of(),
        notes);
  }

  /** The report of a run that did something other than ingest (an export): its counters and stages. */
  public static RunReport of(String job, Instant started, long elapsedMillis, long generation,
      Map<String, Long> counters, RunRecorder recorder) {
    return new RunReport(RunReport.VERSION, job, started.toString(), elapsedMillis, RunReport.OK, null, "none",
        generation, counters, recorder.stages(), recorder.throughput(), DeadLetters.NONE, List.of(), List.of());
  }

  /** The report of a benchmark: what it measured as counters, and the latency of each recall it timed. */
  public static RunReport ofBench(Instant started, long elapsedMillis, Map<String, Long> counters,
      List<Double> recallLatenciesMillis) {
    return new RunReport(RunReport.VERSION, "bench", started.toString(), elapsedMillis, RunReport.OK, null, "none",
        -1, counters, List.of(), List.of(), DeadLetters.NONE, recallLatenciesMillis, List.of());
  }

  /**
   * The report of a run that threw: what was done before the failure (items and chunks so far), the stage it was
   * in, and the line and exit code the process ends with.
   */
  public static RunReport failed(String job, Instant started, long elapsedMillis, RunRecorder recorder,
      int exitCode, String message) {
    String stage = recorder.stop();
    Map<String, Long> counters = new LinkedHashMap<>();
    counters.put("items_done", recorder.items());
    counters.put("chunks_done", recorder.chunks());
    return new RunReport(RunReport.VERSION, job, started.toString(), elapsedMillis, RunReport.FAILED,
        new Failure(exitCode, stage == null ? "start" : stage, message), recorder.executor(), -1, counters,
        recorder.stages(), recorder.throughput(), DeadLetters.NONE, List.of(), List.of());
  }

  /** The counters as the table the CLI prints: one {@code name<TAB>value} line each. */
  public static String table(RunReport report) {
    StringBuilder table = new StringBuilder();
    report.counters().forEach((name, value) -> table.append(name).append('\t').append(value).append('\n'));
    for (RunReport.Stage stage : report.stages()) {
      table.append("stage.").append(stage.name()).append(".ms\t").append(stage.millis()).append('\n');
    }
    return table.toString();
  }

  public static String json(RunReport report) {
    try {
      return JSON.writeValueAsString(report);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write the run report as JSON", e);
    }
  }

  /** Writes the report whole or not at all: a reader never sees half a report. */
  public static void write(RunReport report, Path file) {
    writeText(file, json(report) + "\n", "run report", "--report FILE");
  }

  /**
   * Writes {@code text} to {@code file} through a temporary file and an atomic move.
   *
   * @param what what the file is, for the error line
   * @param option the option that named the file, for the way out
   */
  public static void writeText(Path file, String text, String what, String option) {
    Path target = file.toAbsolutePath().normalize();
    if (Files.isDirectory(target)) {
      throw new IllegalArgumentException(option + " must name a file, got a directory: " + target);
    }
    try {
      Path dir = target.getParent();
      Files.createDirectories(dir);
      Path tmp = Files.createTempFile(dir, target.getFileName().toString(), ".tmp");
      try {
        Files.writeString(tmp, text, StandardCharsets.UTF_8);
        Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } finally {
        Files.deleteIfExists(tmp);
      }
    } catch (IOException e) {
      throw new StorageFailureException(target, "cannot write the " + what + " " + target
          + "; check the disk (free space, permissions) or pass another " + option, e);
    }
  }

  /** Reads a report written by {@link #write}; a missing or malformed file is bad input naming the file. */
  public static RunReport read(Path file) {
    String text = new String(UserFiles.read(file, "the run report", MAX_REPORT_BYTES,
        "pass the FILE a run wrote with --report FILE"), StandardCharsets.UTF_8);
    RunReport report;
    try {
      report = JSON.readValue(text, RunReport.class);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("not a run report: " + file + ": " + e.getOriginalMessage()
          + "; pass the FILE a run wrote with --report FILE");
    }
    if (report.version() != RunReport.VERSION || report.job() == null || report.counters() == null) {
      throw new IllegalArgumentException("not a version " + RunReport.VERSION + " run report: " + file
          + " (version " + report.version() + "); pass the FILE a run wrote with --report FILE");
    }
    return report;
  }

  /** The count of a dead-letter JSONL and its first {@link DeadLetters#CAP} letters. */
  static DeadLetters deadLetters(Path file) {
    if (file == null) {
      return DeadLetters.NONE;
    }
    List<DeadLetter> first = new ArrayList<>();
    long count = 0;
    try (BufferedReader lines = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      for (String line = lines.readLine(); line != null; line = lines.readLine()) {
        if (line.isBlank()) {
          continue;
        }
        count++;
        if (first.size() < DeadLetters.CAP) {
          first.add(JSON.readValue(line, DeadLetter.class));
        }
      }
    } catch (IOException e) {
      throw new StorageFailureException(file, "cannot read the run's dead letters " + file
          + " for the run report: " + e.getMessage() + "; the run itself was published", e);
    }
    return new DeadLetters(count, file.toString(), first);
  }
}
