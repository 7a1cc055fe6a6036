package dev.weft.jobs.cli;

import dev.weft.api.IndexOutcome;
import dev.weft.api.IndexRun;
import dev.weft.api.Weft;
import dev.weft.context.IndexLocation;
import dev.weft.context.Kind;
import dev.weft.jobs.cli.options.DatasetFieldOptions;
import dev.weft.jobs.cli.options.EmbedBatchOption;
import dev.weft.jobs.cli.options.EmbedderOption;
import dev.weft.jobs.cli.options.FlinkClusterOptions;
import dev.weft.jobs.cli.options.IndexOption;
import dev.weft.jobs.cli.options.JsonOption;
import dev.weft.jobs.cli.options.KeepGenerationsOption;
import dev.weft.jobs.cli.options.QuietOption;
import dev.weft.jobs.cli.options.ReportOption;
import dev.weft.jobs.cli.options.WaitOption;
import dev.weft.jobs.report.RunRecorder;
import dev.weft.jobs.run.ReportFile;
import dev.weft.jobs.view.Json;
import dev.weft.jobs.view.TsvFields;
import dev.weft.models.http.SpecDurations;
import dev.weft.pipelines.Runner;
import dev.weft.pipelines.ingest.IndexWatch;
import dev.weft.pipelines.ingest.IngestProgress;
import dev.weft.pipelines.ingest.IngestReport;
import dev.weft.pipelines.ingest.IngestRequest;
import dev.weft.transforms.ingest.SourceReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Writes(check = "weft generations")
@Command(name = "index", description = "Index a corpus directory incrementally and publish a new generation.",
    defaultValueProvider = FormatDefaults.class)
final class IndexCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin IndexOption indexOption;
  @Mixin WaitOption waitOption;

  @Parameters(index = "0", arity = "0..1", paramLabel = "ROOT", description = "Corpus root (default: .).")
  Path root = Path.of(".");

  @Option(names = "--force", description = "Re-chunk every file in scope even when unchanged; without --paths, "
      + "rebuilds (as --rebuild) when the served generation cannot be opened.")
  boolean force;

  @Option(names = "--rebuild", description = "Re-index everything into a fresh generation line that reads nothing of "
      + "the served generation: the way out of a damaged index. Kept generations stay listed until pruned.")
  boolean rebuild;

  @Option(names = "--paths", split = ",", paramLabel = "PATH",
      description = "Only these files or directories (relative to ROOT); never deletes outside them.")
  List<String> paths = new ArrayList<>();

  @Option(names = "--runner", defaultValue = "auto", paramLabel = "RUNNER",
      description = "auto (default), inprocess, direct (DirectRunner) or flink (FlinkRunner).")
  String runner;

  @Option(names = "--beam-threshold", defaultValue = "" + IngestRequest.DEFAULT_BEAM_THRESHOLD,
      description = "With --runner=auto, change sets of at least this many files (or dataset records) run on Beam "
          + "(default: ${DEFAULT-VALUE}).")
  int beamThreshold;

  @Mixin FlinkClusterOptions flink;

  @Option(names = "--staging", paramLabel = "URI",
      description = "Where Beam workers stage shards before the merge: a Beam FileSystem URI every worker and this "
          + "process can reach (file:///shared/dir, gs://, s3://, hdfs:// with its Beam module). Default: under "
          + "the index directory.")
  String staging;

  @Option(names = "--beam-option", paramLabel = "NAME=VALUE",
      description = "One more Beam option for a run on Beam, repeatable: a filesystem module's settings, e.g. "
          + "--beam-option endpoint=http://minio:9000 --beam-option awsRegion=eu-west-1 "
          + "--beam-option s3UploadBufferSizeBytes=5242880 (docs/operations.md, \"Staging URIs\").")
  Map<String, String> beamOptions = new LinkedHashMap<>();

  @Option(names = FormatDefaults.EXTENSIONS, split = ",", paramLabel = "EXT",
      description = "File extensions to index (default: ${DEFAULT-VALUE}).")
  List<String> extensions;

  @Option(names = "--max-file-bytes", defaultValue = "" + SourceReader.DEFAULT_MAX_BYTES,
      description = "Skip files larger than this (default: ${DEFAULT-VALUE}).")
  long maxFileBytes;

  @Mixin KeepGenerationsOption keepGenerations;

  @Option(names = "--dataset", paramLabel = "FILE",
      description = "Ingest a dataset of records (_id or id, title, text) instead of a directory: "
          + ".jsonl/.ndjson, .parquet or .avro (an Avro object container file).")
  Path dataset;

  @Mixin DatasetFieldOptions datasetFields;

  @Option(names = "--dataset-kind", defaultValue = "doc", description = "Kind of dataset records (default: ${DEFAULT-VALUE}).")
  String datasetKind;

  @Option(names = "--dataset-format", defaultValue = "text",
      description = "Chunking format of dataset record text: text, markdown, rst, ... (default: ${DEFAULT-VALUE}).")
  String datasetFormat;

  @Option(names = "--embed", description = "Give chunks vectors with the index's embedder, else bge-small; "
      + "--embedder implies it.")
  boolean embed;

  @Mixin EmbedderOption embedderOption;
  @Mixin EmbedBatchOption embedBatch;

  @Option(names = "--export-parquet", paramLabel = "DIR",
      description = "Also write the chunks this run writes (with vectors) as a Parquet dataset into DIR.")
  Path exportParquet;

  @Option(names = "--watch", description = "Keep the index current as files change: index once, then every --window "
      + "with changes publishes one generation (an empty window publishes nothing). Stop with Ctrl-C or SIGTERM: "
      + "exit 0, never half-published.")
  boolean watch;

  @Option(names = "--window", paramLabel = "DURATION", defaultValue = "2s",
      description = "With --watch, how long changes collect before one pass applies them: 500ms, 2s, 1m "
          + "(default: ${DEFAULT-VALUE}).")
  String window;

  @Option(names = "--rescan", paramLabel = "DURATION", defaultValue = "60s",
      description = "With --watch, re-plan the whole tree this often even without file events, for events the OS "
          + "dropped (default: ${DEFAULT-VALUE}).")
  String rescan;

  @Mixin JsonOption json;

  @Mixin QuietOption quiet;

  @Mixin ReportOption report;

  @Override
  public Integer call() {
    if (watch) {
      return new IndexWatchRun(spec.commandLine(), json.on(), quiet.on()).run(index(), run(IngestProgress.NONE),
          watchSettings());
    }
    if (dataset != null && (!Path.of(".").equals(root) || !paths.isEmpty())) {
      throw new IllegalArgumentException("--dataset takes no ROOT and no --paths, got: " + root + " " + paths);
    }
    ReportFile reportFile = new ReportFile(report.file(), "index");
    RunRecorder recorder = new RunRecorder(quiet.on() ? IngestProgress.NONE
        : new ConsoleProgress(spec.commandLine().getErr(), Terminal.interactive()));
    IndexOutcome outcome;
    try (Weft weft = Wefts.open(index())) {
      outcome = weft.index(run(recorder));
    } catch (RuntimeException e) {
      reportFile.failed(recorder, e);
      throw e;
    }
    print(outcome.ingest(), "published generation ", "nothing changed");
    EmbedFailureReport.print(outcome.ingest(), spec.commandLine().getErr());
    outcome.fill().ifPresent(filled -> {
      print(filled, "embedded the chunks without a vector: published generation ", "no chunk lacks a vector");
      EmbedFailureReport.print(filled, spec.commandLine().getErr());
    });
    reportFile.ingest(recorder, outcome); // last: the run's own output is printed even when the disk refuses this
    return 0;
  }

  private IndexWatch.WatchSettings watchSettings() {
    return new IndexWatch.WatchSettings(SpecDurations.parse("--window", window),
        SpecDurations.parse("--rescan", rescan));
  }

  /** The options as one run; the values are checked by the run's settings, once. */
  private IndexRun run(IngestProgress progress) {
    IndexRun.Builder run = dataset != null
        ? IndexRun.dataset(dataset).datasetKind(Kind.parse(datasetKind)).datasetFormat(datasetFormat)
        : IndexRun.tree(root).paths(paths).extensions(extensions == null ? List.of() : extensions)
            .maxFileBytes(maxFileBytes);
    datasetFields.applyTo(run); // on a directory, the run refuses them by name
    if (flink.master() != null) {
      run.flinkMaster(flink.master());
    }
    if (staging != null) {
      run.staging(staging);
    }
    if (flink.parallelism() != null) {
      run.parallelism(flink.parallelism());
    }
    beamOptions.forEach(run::beamOption);
    return run.force(force)
        .rebuild(rebuild)
        .lockWait(waitOption.duration())
        .runner(Runner.parse(runner))
        .beamThreshold(beamThreshold)
        .keepGenerations(keepGenerations.value())
        .embed(embed)
        .embedder(embedderOption.spec)
        .embedBatchSize(embedBatch.size)
        .exportParquet(exportParquet)
        .progress(progress)
        .build();
  }

  /** One report: JSON (one line per published run) or the counters table. */
  private void print(IngestReport report, String published, String nothing) {
    if (json.on()) {
      spec.commandLine().getOut().println(Json.write(report));
    } else {
      printTable(report, published, nothing);
    }
  }

  private IndexLocation index() {
    return IndexLocation.forWrite(indexOption.index,
        dataset != null ? Path.of("").toAbsolutePath() : root.toAbsolutePath().normalize());
  }

  private void printTable(IngestReport report, String published, String nothing) {
    var out = spec.commandLine().getOut();
    out.println(report.published() ? published + report.generation() + " (" + report.executor()
        + ", " + report.elapsedMillis() + " ms)" : nothing + " (" + report.elapsedMillis() + " ms)");
    for (Map.Entry<String, Long> e : report.counters().entrySet()) {
      out.println(e.getKey() + "\t" + e.getValue());
    }
    out.println("files in index\t" + report.files());
    out.println("chunks in index\t" + report.chunks());
    if (report.deadLetterFile() != null) {
      out.println(TsvFields.row("dead letters", report.deadLetterFile()));
    }
    for (String note : report.notes()) {
      out.println("note\t" + TsvFields.field(note));
    }
  }
}
