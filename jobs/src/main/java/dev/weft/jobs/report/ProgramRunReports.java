package dev.weft.jobs.report;

import dev.weft.agents.program.MapProgress;
import dev.weft.agents.program.RunResult;
import dev.weft.api.ProgramOutcome;
import dev.weft.context.DeadLetter;
import dev.weft.jobs.report.RunReport.DeadLetters;
import dev.weft.jobs.report.RunReport.Failure;
import dev.weft.jobs.report.RunReport.Stage;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A program run's report: its steps as stages, its map's pieces as throughput, its refused inputs as dead letters. */
public final class ProgramRunReports {
  private ProgramRunReports() {}

  /** Passes a map's progress to {@code next} and counts its finished pieces into {@code recorder}. */
  public static MapProgress.Listener recording(RunRecorder recorder, MapProgress.Listener next) {
    return progress -> {
      recorder.itemsDone(progress.done());
      next.onProgress(progress);
    };
  }

  /**
   * The report of a program run that returned. A cancelled run (not every piece visited, exit 1) is
   * {@code failed} with the summary line as its message.
   *
   * @param summary the line the CLI prints for the run
   */
  public static RunReport of(String job, Instant started, long elapsedMillis, RunRecorder recorder,
      ProgramOutcome outcome, String summary) {
    recorder.finished();
    RunResult result = outcome.result();
    Map<String, Long> counters = new LinkedHashMap<>();
    counters.put("pieces", (long) outcome.pieces());
    counters.put("slots", (long) outcome.slots());
    counters.put("subcalls", (long) result.subcalls());
    counters.put("failed", (long) result.failed());
    counters.put("unvisited", (long) result.unvisited());
    counters.put("refused", (long) outcome.deadLetterCount());
    List<Stage> stages = result.steps().stream()
        .map(step -> new Stage(step.index() + ":" + step.op() + (step.as() == null || step.as().isBlank() ? "" : " " + step.as()), step.ms())).toList();
    List<DeadLetter> first = outcome.deadLetters().subList(0,
        Math.min(outcome.deadLetters().size(), DeadLetters.CAP));
    DeadLetters letters = outcome.deadLetterCount() == 0 ? DeadLetters.NONE
        : new DeadLetters(outcome.deadLetterCount(), null, first);
    return new RunReport(RunReport.VERSION, job, started.toString(), elapsedMillis,
        result.ok() ? RunReport.OK : RunReport.FAILED, result.ok() ? null : new Failure(1, "map", summary),
        outcome.executor().id(), -1, counters, stages, recorder.throughput(), letters, List.of(), List.of());
  }
}
