package dev.weft.jobs;

import dev.weft.context.IngestCounters;
import dev.weft.context.Kind;
import dev.weft.context.embed.EmbedderSpec;
import dev.weft.index.CorpusIndex;
import dev.weft.index.GenerationManifest;
import dev.weft.pipelines.ingest.EmbedMissing;
import dev.weft.pipelines.ingest.IngestProgress;
import dev.weft.pipelines.ingest.IngestReport;
import dev.weft.pipelines.ingest.IngestRequest;
import dev.weft.pipelines.ingest.Ingester;
import dev.weft.pipelines.ingest.RunnerChoice;
import dev.weft.pipelines.ingest.WriteAccess;
import dev.weft.transforms.ingest.PathScope;
import dev.weft.transforms.ingest.SourceReader;
import dev.weft.transforms.route.Router;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

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

  @Option(names = "--flink-master", paramLabel = "HOST:PORT", description = "Flink master (default: [local]).")
  String flinkMaster;

  @Option(names = "--parallelism", description = "Beam/Flink parallelism.")
  Integer parallelism;

  @Option(names = FormatDefaults.EXTENSIONS, split = ",", paramLabel = "EXT",
      description = "File extensions to index (default: ${DEFAULT-VALUE}).")
  List<String> extensions;

  @Option(names = "--max-file-bytes", defaultValue = "" + SourceReader.DEFAULT_MAX_BYTES,
      description = "Skip files larger than this (default: ${DEFAULT-VALUE}).")
  long maxFileBytes;

  @Option(names = "--keep", defaultValue = "" + IngestRequest.DEFAULT_KEEP_GENERATIONS,
      description = "Generations kept for rollback (default: ${DEFAULT-VALUE}).")
  int keep;

  @Option(names = "--dataset", paramLabel = "FILE",
      description = "Ingest a dataset of records (_id or id, title, text) instead of a directory: "
          + ".jsonl/.ndjson, .parquet or .avro (an Avro object container file).")
  Path dataset;

  @Option(names = "--dataset-kind", defaultValue = "doc", description = "Kind of dataset records (default: ${DEFAULT-VALUE}).")
  String datasetKind;

  @Option(names = "--dataset-format", defaultValue = "text",
      description = "Chunking format of dataset record text: text, markdown, rst, ... (default: ${DEFAULT-VALUE}).")
  String datasetFormat;

  @Option(names = "--embed", description = "Give chunks vectors with the default embedder (see --embedder).")
  boolean embed;

  @Option(names = "--embedder", paramLabel = "SPEC", description = "Embed chunks with this embedder: bge-small "
      + "(default), minilm, hash:<dims>, openai:<model>@<baseUrl>#<dims>. Implies --embed.")
  String embedder;

  @Option(names = "--embed-batch", defaultValue = "32", description = "Chunks per embedding call (default: ${DEFAULT-VALUE}).")
  int embedBatch;

  @Option(names = "--export-parquet", paramLabel = "DIR",
      description = "Also write the chunks this run writes (with vectors) as a Parquet dataset into DIR.")
  Path exportParquet;

  @Option(names = "--json", description = "Print the run report as JSON.")
  boolean json;

  @Option(names = "--quiet", description = "No progress on stderr.")
  boolean quiet;

  @Override
  public Integer call() {
    EmbedderSpec embedding = embedderSpec();
    IngestReport report = dataset != null ? ingestDataset(embedding) : ingestDirectory(embedding);
    print(report, "published generation ", "nothing changed");
    EmbedFailureReport.print(report, spec.commandLine().getErr());
    if (embedding != null && report.counter(IngestCounters.EMBED_FAILED) == 0) {
      // Chunks of unchanged items indexed before --embed have no vector, and this run did not touch them: give
      // them one now, so --embed means "every chunk has a vector" (a failed batch is left to embed-missing,
      // rather than calling a failing endpoint again at once).
      Path indexDir = indexDir();
      if (served(indexDir).map(GenerationManifest::chunksWithoutVectors).orElse(0L) > 0) {
        IngestReport filled = EmbedMissing.run(indexDir, embedding, embedBatch, keep, waitOption.duration());
        print(filled, "embedded the chunks without a vector: published generation ", "no chunk lacks a vector");
        EmbedFailureReport.print(filled, spec.commandLine().getErr());
      }
    }
    return 0;
  }

  /** One report: JSON (one line per published run) or the counters table. */
  private void print(IngestReport report, String published, String nothing) {
    if (json) {
      spec.commandLine().getOut().println(Json.write(report));
    } else {
      printTable(report, published, nothing);
    }
  }

  private Path indexDir() {
    return dataset != null ? IndexLocator.forWrite(indexOption.index, Path.of("").toAbsolutePath())
        : IndexLocator.forWrite(indexOption.index, root.toAbsolutePath().normalize());
  }

  /**
   * The served generation's manifest (its vector counts and identity), without opening a reader; nothing for a
   * rebuild, which reads nothing of it.
   */
  private Optional<GenerationManifest> served(Path indexDir) {
    if (rebuild || !Files.isDirectory(indexDir)) {
      return Optional.empty();
    }
    try (CorpusIndex index = CorpusIndex.open(indexDir)) {
      return index.current();
    }
  }

  private IngestReport ingestDataset(EmbedderSpec embedding) {
    if (!Path.of(".").equals(root) || !paths.isEmpty()) {
      throw new IllegalArgumentException("--dataset takes no ROOT and no --paths, got: " + root + " " + paths);
    }
    IngestRequest request = settings(IngestRequest.dataset(dataset, indexDir()), embedding)
        .kind(Kind.parse(datasetKind))
        .format(datasetFormat)
        .build();
    return new Ingester().run(request, access());
  }

  private List<String> beamArgs() {
    List<String> beamArgs = new ArrayList<>();
    if (flinkMaster != null) {
      beamArgs.add("--flinkMaster=" + flinkMaster);
    }
    if (parallelism != null) {
      beamArgs.add("--parallelism=" + parallelism);
    }
    return beamArgs;
  }

  /**
   * The run's embedder: {@code --embedder}, else for a bare {@code --embed} the model the index was embedded with
   * (so an index keeps one identity when the default changes), else the default; null without either flag.
   */
  private EmbedderSpec embedderSpec() {
    if (!embed && embedder == null) {
      return null;
    }
    // the manifest names the identity only when every vector has it; a mixture resolves to the default, which
    // the ingest's own identity check then refuses by name
    Optional<GenerationManifest> manifest = embedder != null ? Optional.empty() : served(indexDir());
    return EmbedderChoice.resolve(embedder, manifest.map(GenerationManifest::embedder),
        manifest.map(GenerationManifest::requestedEmbedder));
  }

  private IngestProgress progress() {
    return quiet ? IngestProgress.NONE : new ConsoleProgress(spec.commandLine().getErr(), System.console() != null);
  }

  private IngestReport ingestDirectory(EmbedderSpec embedding) {
    Router router = extensions == null || extensions.isEmpty() ? Router.defaults()
        : Router.defaults().withExtensions(extensions);
    Path absRoot = root.toAbsolutePath().normalize();
    IngestRequest request = settings(IngestRequest.directory(absRoot, indexDir()), embedding)
        .scope(new PathScope(paths))
        .router(router)
        .maxFileBytes(maxFileBytes)
        .build();
    return new Ingester().run(request, access());
  }

  /** The options every ingest takes, directory or dataset. */
  private IngestRequest.Builder settings(IngestRequest.Builder builder, EmbedderSpec embedding) {
    return builder
        .force(force)
        .runner(RunnerChoice.parse(runner))
        .beamThreshold(beamThreshold)
        .beamArgs(beamArgs())
        .keepGenerations(keep)
        .embedder(embedding)
        .embedBatchSize(embedBatch)
        .exportParquet(exportParquet)
        .progress(progress());
  }

  private WriteAccess access() {
    return new WriteAccess(waitOption.duration(), rebuild);
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
