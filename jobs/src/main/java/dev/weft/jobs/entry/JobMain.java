package dev.weft.jobs.entry;

import dev.weft.jobs.run.Failures;
import dev.weft.jobs.run.ReportFile;
import dev.weft.jobs.report.RunRecorder;
import dev.weft.jobs.report.RunReport;
import dev.weft.jobs.report.RunReports;
import dev.weft.pipelines.ingest.IngestProgress;
import dev.weft.pipelines.ingest.beam.OptionArgs;
import dev.weft.transforms.beam.ResourcePaths;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import org.apache.beam.sdk.io.FileSystems;
import org.apache.beam.sdk.io.fs.ResourceId;
import org.apache.beam.sdk.options.PipelineOptions;
import org.apache.beam.sdk.options.PipelineOptionsFactory;

/**
 * What every job's {@code main} does around its work: {@code --help}, Beam's option parsing (unknown or missing
 * options are one line and exit 2), the run report, and on failure the counters table and the one line on stderr
 * with the CLI's exit code (docs/cli.md).
 */
final class JobMain {
  private static final String VERBOSE = "--verbose";

  /** A job's work: returns its report (with a failure when the run returned without finishing its work). */
  interface Work<O extends PipelineOptions> {
    RunReport run(O options, RunRecorder recorder, ReportFile report);
  }

  private JobMain() {}

  /**
   * Parses {@code args} as {@code type}, runs {@code work}, and returns the exit code.
   *
   * @param reportPath the {@code --report} option's value of the parsed options, or null
   */
  static <O extends PipelineOptions> int run(String job, Class<O> type, String[] args, PrintWriter out,
      PrintWriter err, Function<O, String> reportPath, Work<O> work) {
    List<String> list = Arrays.asList(args);
    boolean verbose = list.contains(VERBOSE);
    String[] beamArgs = list.stream().filter(a -> !VERBOSE.equals(a)).toArray(String[]::new);
    if (list.stream().anyMatch(a -> a.equals("--help") || a.startsWith("--help="))) {
      out.print(help(type));
      out.flush();
      return 0;
    }
    O options;
    try {
      PipelineOptionsFactory.register(type);
      options = PipelineOptionsFactory.fromArgs(beamArgs).withValidation().as(type);
      // registers the Beam FileSystems on the class path, so a path option's URI scheme is known or refused by name
      FileSystems.setDefaultPipelineOptions(options);
    } catch (RuntimeException e) {
      return Failures.report(new IllegalArgumentException(naming(e.getMessage(), beamArgs) + "; see --help", e), err,
          verbose);
    }
    RunRecorder recorder = new RunRecorder(IngestProgress.NONE);
    ReportFile report;
    try {
      String path = reportPath.apply(options);
      report = new ReportFile(path == null ? null : localPath(path, "--report"), job);
    } catch (RuntimeException e) {
      return Failures.report(e, err, verbose);
    }
    try {
      RunReport done = work.run(options, recorder, report);
      if (done.failure() != null) { // a run that returned but did not finish its work (a cancelled program)
        err.print(RunReports.table(done));
        err.println("weft: " + done.failure().message());
        err.flush();
        return done.failure().exitCode();
      }
      out.print(RunReports.table(done));
      out.flush();
      return 0;
    } catch (RuntimeException e) {
      RunReport failed = report.failed(recorder, e);
      err.print(RunReports.table(failed));
      return Failures.report(e, err, verbose);
    }
  }

  /**
   * Beam's parse failure with the option it is about in front when Beam names only the value ("Unable to parse
   * JSON value file:///a b" for a URI option).
   */
  static String naming(String message, String[] args) {
    return OptionArgs.naming(message, args);
  }

  /** Beam's usage of the options interface: every option with its description, default and whether required. */
  static String help(Class<? extends PipelineOptions> type) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (PrintStream stream = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
      PipelineOptionsFactory.printHelp(stream, type);
    }
    return bytes.toString(StandardCharsets.UTF_8);
  }

  /**
   * A local path or {@code file:} URI: the driver opens the index and writes reports on its own disk, so a remote
   * URI here is bad input naming the option.
   */
  static Path localPath(String value, String option) {
    return ResourcePaths.localPath(value, option, "the driver reads and publishes it on its own disk");
  }

  /**
   * A job's path option as Beam names a resource ({@code FileSystems.matchNewResource}): a local path (a file:
   * URI implied) or a URI of a Beam FileSystem on the class path; a scheme none serves is refused naming the
   * option, the value and what to add.
   */
  static ResourceId resource(String value, String option) {
    return ResourcePaths.resource(value, option);
  }
}
