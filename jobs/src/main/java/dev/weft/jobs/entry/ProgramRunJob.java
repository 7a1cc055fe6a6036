package dev.weft.jobs.entry;

import dev.weft.agents.program.MapProgress;
import dev.weft.agents.program.RunOptions;
import dev.weft.api.ProgramOutcome;
import dev.weft.api.ProgramRequest;
import dev.weft.api.ProgramSource;
import dev.weft.api.Programs;
import dev.weft.api.Weft;
import dev.weft.context.program.CancelSignal;
import dev.weft.context.program.Subcall;
import dev.weft.jobs.run.ReportFile;
import dev.weft.jobs.run.SignalStop;
import dev.weft.jobs.report.ProgramRunReports;
import dev.weft.jobs.report.RunRecorder;
import dev.weft.jobs.report.RunReport;
import dev.weft.models.http.SpecDurations;
import dev.weft.pipelines.Runner;
import dev.weft.transforms.beam.ResourcePaths;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.stream.Stream;
import org.apache.beam.runners.direct.DirectRunner;
import org.apache.beam.runners.flink.FlinkPipelineOptions;
import org.apache.beam.runners.flink.FlinkRunner;

/**
 * A program run as a job: {@code java -cp weft.jar dev.weft.jobs.entry.ProgramRunJob --program=FILE
 * --dataset=PATH|--index=DIR|--env=DIR [--runner=DirectRunner|FlinkRunner] [--model=M --baseUrl=URL]
 * [--report=FILE]}, through the facade's {@code Weft.programs()} as {@code weft program run}. Prints the answer's
 * preview and the counts; a cancelled run (deadline, SIGTERM) exits 1 with the counts on stderr.
 */
public final class ProgramRunJob {
  private ProgramRunJob() {}

  public static void main(String[] args) {
    System.exit(run(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
  }

  /** The job with the given streams; returns the exit code. */
  public static int run(String[] args, PrintWriter out, PrintWriter err) {
    boolean runnerGiven = Arrays.stream(args).anyMatch(a -> a.equals("--runner") || a.startsWith("--runner="));
    return JobMain.run("program", ProgramRunJobOptions.class, args, out, err, ProgramRunJobOptions::getReport,
        (options, recorder, report) -> program(options, runnerGiven, recorder, report, out));
  }

  private static RunReport program(ProgramRunJobOptions options, boolean runnerGiven, RunRecorder recorder,
      ReportFile report, PrintWriter out) {
    RunOptions run = new RunOptions(options.getMaxConcurrent(),
        options.getMaxSubcalls() > 0 ? OptionalInt.of(options.getMaxSubcalls()) : OptionalInt.empty(),
        duration(options.getDeadline(), "--deadline"));
    CancelSignal cancel = new CancelSignal();
    // SIGTERM (a scheduler stopping the job) or Ctrl-C cancels: no new sub-call starts, the ones in flight are
    // aborted, and the job still ends as a cancelled run, its report written (a shutdown hook could not: the JVM
    // ends with the hook, 143)
    ProgramOutcome outcome;
    try (SignalStop stop = SignalStop.install(cancel::cancel)) {
      Runner executor = executor(options, runnerGiven);
      outcome = Weft.programs().run(new ProgramRequest(JobMain.localPath(options.getProgram(), "--program"),
          source(options), executor, run, subcall(options), cancel,
          ProgramRunReports.recording(recorder, MapProgress.Listener.none()),
          Optional.ofNullable(options.getWork()).map(w -> JobMain.localPath(w, "--work")),
          beamArgs(options, executor)));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("the program run was interrupted before it finished; rerun it", e);
    }
    out.println(outcome.result().answerPreview());
    String summary = (outcome.result().ok() ? "ok" : "cancelled") + ": " + outcome.pieces() + " pieces, "
        + outcome.result().subcalls() + " sub-calls, " + outcome.result().failed() + " failed, "
        + outcome.result().unvisited() + " not visited";
    return report.program(recorder, outcome, summary);
  }

  static ProgramSource source(ProgramRunJobOptions options) {
    long given = Stream.of(options.getEnv(), options.getIndex(), options.getDataset()).filter(v -> v != null).count();
    if (given != 1) {
      throw new IllegalArgumentException("pass exactly one of --env, --index, --dataset, got " + given);
    }
    return options.getEnv() != null ? new ProgramSource.EnvDir(JobMain.localPath(options.getEnv(), "--env"))
        : options.getIndex() != null ? new ProgramSource.Index(ResourcePaths.index(options.getIndex()))
        : new ProgramSource.Dataset(JobMain.localPath(options.getDataset(), "--dataset"));
  }

  /** Beam's {@code --runner}: the FlinkRunner or the DirectRunner; in process without it. */
  static Runner executor(ProgramRunJobOptions options, boolean runnerGiven) {
    if (!runnerGiven) {
      return Runner.INPROCESS;
    }
    if (options.getRunner() == FlinkRunner.class) {
      return Runner.FLINK;
    }
    if (options.getRunner() == DirectRunner.class) {
      return Runner.DIRECT;
    }
    throw new IllegalArgumentException("--runner must be FlinkRunner or DirectRunner (or left out to run in "
        + "process), got: " + options.getRunner().getSimpleName());
  }

  /**
   * The Flink options the run passes on: {@code --flinkMaster} when it names a cluster (a session cluster's
   * {@code HOST:PORT}; without it, or with {@code [local]}/{@code [auto]}, Flink runs in this process) and
   * {@code --parallelism} when set. The fat jar is what Beam ships to the cluster (its default files to stage).
   */
  static List<String> beamArgs(ProgramRunJobOptions options, Runner executor) {
    if (executor != Runner.FLINK) {
      return List.of();
    }
    FlinkPipelineOptions flink = options.as(FlinkPipelineOptions.class);
    List<String> args = new ArrayList<>();
    String master = flink.getFlinkMaster();
    if (master != null && !master.equals("[auto]") && !master.equals("[local]")) {
      args.add("--flinkMaster=" + master);
    }
    if (flink.getParallelism() != null && flink.getParallelism() > 0) {
      args.add("--parallelism=" + flink.getParallelism());
    }
    return args;
  }

  private static Subcall subcall(ProgramRunJobOptions options) {
    if ((options.getModel() == null) != (options.getBaseUrl() == null)) {
      throw new IllegalArgumentException("--model and --baseUrl go together, got only "
          + (options.getModel() == null ? "--baseUrl" : "--model"));
    }
    return options.getModel() == null ? Programs.NO_MODEL : Programs.chatSubcall(options.getBaseUrl(),
        options.getModel(), options.getApiKeyEnv(), duration(options.getCallTimeout(), "--callTimeout"));
  }

  private static Duration duration(String value, String option) {
    return SpecDurations.parse(option, value);
  }
}
