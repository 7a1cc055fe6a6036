package dev.weft.jobs.cli;

import dev.weft.agents.program.RunOptions;
import dev.weft.agents.program.RunResult;
import dev.weft.api.ProgramOutcome;
import dev.weft.api.ProgramRequest;
import dev.weft.api.Weft;
import dev.weft.context.error.ExitStatus;
import dev.weft.context.program.CancelSignal;
import dev.weft.context.program.Subcall;
import dev.weft.jobs.cli.options.FlinkClusterOptions;
import dev.weft.jobs.cli.options.JsonOption;
import dev.weft.jobs.cli.options.ModelOptions;
import dev.weft.jobs.cli.options.ProgramRunnerOptions;
import dev.weft.jobs.cli.options.ProgramSourceOptions;
import dev.weft.jobs.cli.options.QuietOption;
import dev.weft.jobs.cli.options.ReportOption;
import dev.weft.jobs.report.ProgramRunReports;
import dev.weft.jobs.report.RunRecorder;
import dev.weft.jobs.run.ReportFile;
import dev.weft.jobs.run.SignalStop;
import dev.weft.jobs.view.Json;
import dev.weft.jobs.view.ProgramForms;
import dev.weft.jobs.view.ProgramView;
import dev.weft.pipelines.Runner;
import dev.weft.pipelines.ingest.IngestProgress;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code weft program run FILE --env DIR | --index DIR | --dataset PATH}: parsing and printing only. */
@Command(name = "run", description = "Run a program over the files of a directory (--env), the chunks of an index "
    + "(--index) or the records of a dataset (--dataset); each is a piece of `input`. Prints the answer (a bounded "
    + "preview) or, with --json, the run report. Exit 0 when every step ran, even if some sub-calls failed.")
final class ProgramRunCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(index = "0", paramLabel = "FILE", description = "The program (JSON).")
  Path file;

  @ArgGroup(exclusive = true, multiplicity = "1")
  ProgramSourceOptions source;

  /** --runner, --work, --max-concurrent, --max-subcalls, --deadline: `weft ask`'s too. */
  @Mixin ProgramRunnerOptions running;

  /** With --runner flink only: the cluster and its parallelism (refused with another runner, not ignored). */
  @Mixin FlinkClusterOptions flink;

  @ArgGroup(exclusive = false, multiplicity = "0..1", heading = "The model (needed when the program maps):%n")
  ModelOptions model;

  @Mixin JsonOption json;

  @Mixin QuietOption quiet;

  @Mixin ReportOption report;

  @Option(names = "--answer-out", paramLabel = "FILE", description = "Also write the whole answer to FILE (UTF-8);"
      + " stdout, --json and --report carry its first " + RunResult.PREVIEW_CHARS + " characters.")
  Path answerOut;

  @Override
  public Integer call() throws Exception {
    Runner executor = ProgramForms.executor(running.runner());
    RunOptions options = running.runOptions();
    Subcall subcall = ModelOptions.subcall(model);
    CancelSignal cancel = new CancelSignal();
    PrintWriter err = spec.commandLine().getErr();
    MapConsoleProgress progress = new MapConsoleProgress(err, !quiet.on(), System.console() != null);
    // Ctrl-C or SIGTERM cancels the run (no new sub-call starts, the ones in flight are aborted) and the run
    // still ends as a cancelled run: summary, report and exit 1; a second signal exits at once
    try (SignalStop stop = SignalStop.install(cancel::cancel)) {
      return run(executor, options, subcall, cancel, err, progress);
    }
  }

  private int run(Runner executor, RunOptions options, Subcall subcall, CancelSignal cancel,
      PrintWriter err, MapConsoleProgress progress) throws InterruptedException {
    ReportFile reportFile = new ReportFile(report.file(), "program");
    RunRecorder recorder = new RunRecorder(IngestProgress.NONE);
    ProgramOutcome outcome;
    try {
      outcome = Weft.programs().run(new ProgramRequest(file, source.toSource(), executor, options, subcall, cancel,
          ProgramRunReports.recording(recorder, progress), running.work(), flink.beamArgs()));
    } catch (RuntimeException e) {
      reportFile.failed(recorder, e);
      throw e;
    } finally {
      progress.finished();
    }
    PrintWriter out = spec.commandLine().getOut();
    RunResult result = outcome.result();
    Optional<Path> answerFile = Optional.ofNullable(answerOut).map(f -> writeAnswer(result, f));
    if (json.on()) {
      out.println(Json.write(ProgramView.report(outcome, answerFile)));
    } else {
      out.println(result.answerPreview());
      if (result.truncated()) {
        out.println("[answer truncated at " + RunResult.PREVIEW_CHARS + " of " + result.answerChars()
            + " characters; " + answerFile.map(f -> "the whole answer is in " + f)
                .orElse("--answer-out FILE writes the whole answer") + "]");
      }
      err.println(ProgramView.summary(outcome));
    }
    out.flush();
    err.flush();
    reportFile.program(recorder, outcome, ProgramView.summary(outcome));
    return result.ok() ? 0 : ExitStatus.NOTHING_FOUND.code();
  }

  /** The whole answer, read a window at a time, written to {@code file}; answers where it is. */
  private static Path writeAnswer(RunResult result, Path file) {
    return ProgramView.writeAnswer(result, file, "--answer-out FILE");
  }

}
