package dev.weft.jobs.entry;

import dev.weft.api.IndexOutcome;
import dev.weft.api.IndexRun;
import dev.weft.api.Weft;
import dev.weft.jobs.run.ReportFile;
import dev.weft.context.IndexLocation;
import dev.weft.jobs.report.RunRecorder;
import dev.weft.jobs.report.RunReport;
import dev.weft.models.http.SpecDurations;
import dev.weft.pipelines.Runner;
import dev.weft.pipelines.ingest.beam.StagingOptions;
import dev.weft.transforms.beam.ResourcePaths;
import java.beans.Introspector;
import java.io.PrintWriter;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.beam.runners.direct.DirectRunner;
import org.apache.beam.runners.flink.FlinkPipelineOptions;
import org.apache.beam.runners.flink.FlinkRunner;

/**
 * The scheduled re-index as a Beam-style job: an incremental ingest of {@code --corpus} into {@code --index}
 * through the library facade, one generation published atomically. Runs from the fat jar like any Beam main:
 * {@code java -cp weft.jar dev.weft.jobs.entry.ReindexJob --runner=FlinkRunner --flinkMaster=HOST:PORT
 * --corpus=DIR --index=DIR [--report=FILE]}. Prints the counters table; on failure the table of what was done goes
 * to stderr before the one line, and the exit code is the CLI's (docs/cli.md).
 */
public final class ReindexJob {
  /** Options read by the job but not declared by its interfaces: Beam's and the FlinkRunner's, and --help. */
  private static final List<String> TAKEN = List.of("runner", "flinkMaster", "parallelism", "help", "verbose");

  private ReindexJob() {}

  public static void main(String[] args) {
    System.exit(run(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
  }

  /** The job with the given streams; returns the exit code. */
  public static int run(String[] args, PrintWriter out, PrintWriter err) {
    boolean runnerGiven = Arrays.stream(args).anyMatch(a -> a.equals("--runner") || a.startsWith("--runner="));
    return JobMain.run("reindex", ReindexOptions.class, args, out, err, ReindexOptions::getReport,
        (options, recorder, report) -> reindex(options, runnerGiven, passedOn(args), recorder, report, out));
  }

  /**
   * The Beam options the job does not read itself, passed on to the run as given: a filesystem module's
   * ({@code --endpoint}, {@code --awsRegion}, {@code --s3UploadBufferSizeBytes}, {@code --hdfsConfiguration}) or
   * the runner's. Beam has already parsed them against every registered options interface, so an unknown one never
   * gets here.
   */
  static Map<String, String> passedOn(String[] args) {
    Set<String> own = new HashSet<>(TAKEN);
    for (Class<?> type : List.of(ReindexOptions.class, StagingOptions.class)) {
      for (Method getter : type.getDeclaredMethods()) {
        String name = getter.getName();
        if (name.startsWith("get") || name.startsWith("is")) {
          own.add(Introspector.decapitalize(name.substring(name.startsWith("get") ? 3 : 2)));
        }
      }
    }
    Map<String, String> passed = new LinkedHashMap<>();
    for (String arg : args) {
      if (!arg.startsWith("--")) {
        continue; // Beam's parse refused it before the run
      }
      int eq = arg.indexOf('=');
      String name = eq < 0 ? arg.substring(2) : arg.substring(2, eq);
      if (!own.contains(name)) {
        passed.put(name, eq < 0 ? "true" : arg.substring(eq + 1));
      }
    }
    return passed;
  }

  private static RunReport reindex(ReindexOptions options, boolean runnerGiven, Map<String, String> passedOn,
      RunRecorder recorder, ReportFile report, PrintWriter out) {
    Path corpus = ResourcePaths.localPath(options.getCorpus(), "--corpus", "the driver lists it and the workers "
        + "read it from a local disk (a shared mount on a cluster)").toAbsolutePath().normalize();
    IndexLocation index = IndexLocation.forWrite(ResourcePaths.index(options.getIndex()), corpus);
    IndexRun.Builder run = IndexRun.tree(corpus)
        .force(options.getForce())
        .keepGenerations(options.getKeepGenerations())
        .lockWait(lockWait(options.getLockWait()))
        .embed(options.getEmbed())
        .embedder(options.getEmbedder().isBlank() ? null : options.getEmbedder())
        .progress(recorder);
    executor(options, runnerGiven, run);
    if (options.getStaging() != null) {
      run.staging(options.getStaging().toString());
    }
    passedOn.forEach(run::beamOption);
    IndexOutcome outcome;
    try (Weft weft = Weft.open(index)) {
      outcome = weft.index(run.build());
    }
    out.println(outcome.ingest().published()
        ? "published generation " + outcome.ingest().generation() + " (" + outcome.ingest().executor() + ")"
        : "nothing changed");
    return report.ingest(recorder, outcome);
  }

  /**
   * Beam's {@code --runner} picks the executor: the FlinkRunner (with its {@code --flinkMaster} and
   * {@code --parallelism}) or the DirectRunner; without it the run picks as {@code weft index} does.
   */
  /** {@code --lockWait}, a duration like a streaming run's; absent: refuse at once when busy. */
  private static Duration lockWait(String value) {
    return value == null ? Duration.ZERO : SpecDurations.parse("--lockWait", value);
  }

  static void executor(ReindexOptions options, boolean runnerGiven, IndexRun.Builder run) {
    if (!runnerGiven) {
      run.runner(Runner.AUTO);
      return;
    }
    if (options.getRunner() == FlinkRunner.class) {
      FlinkPipelineOptions flink = options.as(FlinkPipelineOptions.class);
      run.runner(Runner.FLINK);
      if (flink.getFlinkMaster() != null && !flink.getFlinkMaster().equals("[auto]")) {
        run.flinkMaster(flink.getFlinkMaster());
      }
      if (flink.getParallelism() != null && flink.getParallelism() > 0) {
        run.parallelism(flink.getParallelism());
      }
    } else if (options.getRunner() == DirectRunner.class) {
      run.runner(Runner.DIRECT);
    } else {
      throw new IllegalArgumentException("--runner must be FlinkRunner or DirectRunner (or left out to pick by "
          + "the change set's size), got: " + options.getRunner().getSimpleName());
    }
  }
}
