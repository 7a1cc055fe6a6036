package dev.weft.pipelines.ingest.beam;

import dev.weft.context.DeadLetter;
import dev.weft.context.IndexLocation;
import dev.weft.context.ScratchDirs;
import dev.weft.index.IndexUpdate;
import dev.weft.models.natives.NativeLibraries;
import dev.weft.pipelines.Runner;
import dev.weft.pipelines.ingest.ChunkRun;
import dev.weft.pipelines.ingest.DirectorySource;
import dev.weft.pipelines.ingest.EmbedCounts;
import dev.weft.pipelines.ingest.IndexRuns;
import dev.weft.pipelines.ingest.IngestSettings;
import dev.weft.transforms.dataset.DatasetChangeSet;
import dev.weft.transforms.dataset.RecordChunker;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import org.apache.beam.sdk.io.FileSystems;
import org.apache.beam.sdk.io.fs.ResourceId;
import org.apache.beam.sdk.options.PipelineOptions;
import org.apache.beam.sdk.options.PipelineOptionsFactory;

/**
 * Runs a change set as a Beam pipeline ({@link IngestPipeline} for directories, {@link DatasetIngestPipeline} for
 * datasets) on the DirectRunner or the FlinkRunner. The workers stage Lucene shards in a {@link StagingArea} (any
 * Beam FileSystem: {@code --staging=gs://...}, else under the index); this class then reads back this run's shards
 * only, deletes the old documents of every item in the change set and adds the shards to the index in the same
 * uncommitted update, so the generation that follows holds all of the run or none of it.
 */
public final class BeamExecutor {
  private final Runner runner;
  private final List<String> extraArgs;
  /** The user's {@code --staging} base, or null: stage under the index. */
  private final String stagingBase;

  public BeamExecutor(Runner runner, List<String> extraArgs) {
    this.runner = runner;
    this.extraArgs = extraArgs.stream().filter(a -> !a.startsWith(StagingArea.ARG)).toList();
    this.stagingBase = extraArgs.stream().filter(a -> a.startsWith(StagingArea.ARG))
        .map(a -> a.substring(StagingArea.ARG.length()))
        .reduce((first, last) -> last)
        .orElse(null);
  }

  /** The change set's files through {@link IngestPipeline}; chunked paths are those not dead-lettered. */
  public ChunkRun run(List<String> paths, DirectorySource source, IngestSettings settings, IndexLocation index,
      Path root,
      IndexUpdate update, Set<String> previouslyIndexed) {
    List<String> args = List.of("--maxFileBytes=" + source.maxFileBytes(),
        "--extensions=" + String.join(",", source.router().extensions()));
    List<String> replaced = paths.stream().filter(previouslyIndexed::contains).toList();
    BeamIngestOutput output = stageAndMerge(index, root, settings, args,
        options -> IngestPipeline.run(options, paths, settings.embedder()), replaced, update);
    for (int i = 0; i < paths.size(); i++) {
      settings.progress().fileDone(0);
    }
    return chunkRun(paths, output);
  }

  /** What staging {@code paths} did: every path not dead-lettered was chunked. */
  static ChunkRun chunkRun(List<String> paths, BeamIngestOutput output) {
    Set<String> refused = new HashSet<>();
    for (DeadLetter letter : output.deadLetters()) {
      refused.add(letter.path());
    }
    Set<String> chunked = new HashSet<>(paths);
    chunked.removeAll(refused);
    return new ChunkRun(chunked, output.chunks(), output.emptyFiles(), output.deadLetters(), embedCounts(output));
  }

  /**
   * Replaces {@code replaced} by the staged shards in {@code update}: the one merge of every staged run (batch
   * and streaming windows), uncommitted, so the generation that follows holds all of it or none.
   */
  static void merge(IndexUpdate update, List<String> replaced, List<Path> shardDirs) {
    replaced.forEach(update::delete);
    update.addShards(shardDirs);
  }

  /** The dataset's selected records through {@link DatasetIngestPipeline}; chunked ids are not listed. */
  public ChunkRun runDataset(IngestSettings settings, IndexLocation index, Path dataset, DatasetChangeSet changes,
      RecordChunker chunker, IndexUpdate update) {
    BeamIngestOutput output = stageAndMerge(index, dataset, settings, List.of(),
        options -> DatasetIngestPipeline.run(options, changes.selection(), chunker, settings.embedder()),
        changes.replaced(), update);
    for (int i = 0; i < changes.toChunk(); i++) {
      settings.progress().fileDone(0);
    }
    return new ChunkRun(Set.of(), output.chunks(), output.emptyFiles(), output.deadLetters(), embedCounts(output));
  }

  /**
   * Runs {@code pipeline} with a fresh run directory in the staging area, then replaces {@code replaced} by the
   * staged shards in {@code update}; the run's staging and downloads are gone afterwards, whatever happened.
   *
   * @param root {@code --root}: the corpus root, or the dataset file
   * @param args options of this kind of run, beside the common ones
   */
  private BeamIngestOutput stageAndMerge(IndexLocation index, Path root, IngestSettings settings, List<String> args,
      Function<IngestOptions, BeamIngestOutput> pipeline, List<String> replaced, IndexUpdate update) {
    // Beam compresses serialized DoFns with snappy as the pipeline is built: its library comes from the per-user
    // cache before that, not from a fresh copy in the temp dir that a killed run leaves behind
    NativeLibraries.prepareSnappy();
    // a rebuild's base cannot be trusted: no vector is reused from it
    Path reuseFrom = update.options().rebuild() ? null : index.dir();
    // The driver reaches the staging with this run's options (an S3 endpoint, region and credentials, a Hadoop
    // configuration). Beam's FileSystems registry is one per JVM and registerFileSystemsOnce keeps whatever came
    // first (the settings' scheme check, an earlier run of a library user), so register them, not only once.
    PipelineOptions runOptions = PipelineOptionsFactory.fromArgs(extraArgs.toArray(String[]::new))
        .withoutStrictParsing().create();
    FileSystems.setDefaultPipelineOptions(runOptions);
    StagingArea area = StagingArea.of(stagingBase, index, runOptions);
    // the caller holds the write lock: every run directory left in the area is a killed run's
    area.removeAbandoned();
    ResourceId staging = area.newRun();
    Path downloads = index.resolve(IndexRuns.STAGING).resolve("download-" + staging.getFilename());
    try {
      IngestOptions options = options(reuseFrom, root, staging.toString(), downloads, settings.embedBatchSize(),
          settings.exportParquet(), args);
      // a session cluster is asked for its free slots before the job is submitted: never a 300 s slot wait
      FlinkSlots.fit(options, System.err::println);
      BeamIngestOutput output = pipeline.apply(options);
      merge(update, replaced, output.shardDirs());
      return output;
    } finally {
      try {
        StagingArea.delete(staging, "this run's staging");
      } finally {
        ScratchDirs.deleteOrFail(downloads);
      }
    }
  }

  private IngestOptions options(Path reuseFrom, Path root, String staging, Path downloads, int embedBatchSize,
      Path exportParquet, List<String> kindArgs) {
    List<String> args = new ArrayList<>();
    // URIs, as the options are typed: a path with a space or a '%' is percent-encoded, not refused or misread
    args.add("--root=" + root.toAbsolutePath().toUri());
    args.add(StagingArea.ARG + staging);
    args.add("--shardDownloadDir=" + downloads.toAbsolutePath());
    args.addAll(kindArgs);
    args.add("--embedBatchSize=" + embedBatchSize);
    if (exportParquet != null) {
      args.add("--exportParquet=" + exportParquet.toAbsolutePath().toUri());
    }
    if (reuseFrom != null) {
      args.add("--reuseVectorsFrom=" + reuseFrom.toAbsolutePath().toUri());
    }
    args.addAll(runner.beamArgs(extraArgs));
    return PipelineOptionsFactory.fromArgs(args.toArray(String[]::new)).withValidation().as(IngestOptions.class);
  }

  /**
   * Parses {@code beamArgs} as a run will ({@code IngestSettings} calls it when they are given) (Beam's option factory is not touched without them: its first use
   * loads every registrar on the class path, which an in-process run need not pay).
   */
  public static void checkOptions(List<String> beamArgs) {
    IngestOptions options;
    try {
      // an unknown or malformed option is refused here, before the index is locked and planned, not by the
      // pipeline's own parse after the plan
      options = PipelineOptionsFactory.fromArgs(beamArgs.toArray(String[]::new)).as(IngestOptions.class);
    } catch (IllegalArgumentException e) {
      // the options are not echoed: one may carry credentials (--awsCredentialsProvider)
      throw new IllegalArgumentException("a Beam option is refused: "
          + OptionArgs.naming(e.getMessage(), beamArgs.toArray(String[]::new))
          + " (a filesystem's options need its Beam module on the class path: docs/operations.md)", e);
    }
    if (options.getStaging() != null) {
      // refused before the index is touched, not when the workers first write; checked with the run's own
      // options, since a filesystem may serve its scheme only when configured (Hadoop's needs --hdfsConfiguration
      // or HADOOP_CONF_DIR)
      StagingUri.parse(options.getStaging(), "--staging", options);
    }
  }

  private static EmbedCounts embedCounts(BeamIngestOutput output) {
    return EmbedCounts.of(output.embedded(), output.vectorsReused(), output.embedFailed(), output.truncated(),
        output.embedFailures());
  }

}
