package dev.weft.pipelines.ingest.beam;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.weft.context.DeadLetter;
import dev.weft.context.IngestCounters;
import dev.weft.context.ScratchDirs;
import dev.weft.context.embed.EmbedderSpec;
import dev.weft.models.EmbedderSpecs;
import dev.weft.pipelines.ingest.IngestStamp;
import dev.weft.transforms.beam.AvroRecordCoder;
import dev.weft.transforms.beam.EmbedChunks;
import dev.weft.transforms.beam.ReadAndChunkFiles;
import dev.weft.transforms.beam.ResourcePaths;
import dev.weft.transforms.beam.StagedShards;
import dev.weft.transforms.beam.WriteChunksParquet;
import dev.weft.transforms.beam.WriteIndexShards;
import dev.weft.transforms.export.ChunkFiles;
import dev.weft.transforms.export.ChunkRecords;
import dev.weft.transforms.export.ChunkRow;
import dev.weft.transforms.export.ExportFormat;
import dev.weft.transforms.ingest.CorpusLister;
import dev.weft.transforms.ingest.FileOutcome;
import dev.weft.transforms.ingest.ListedFile;
import dev.weft.transforms.route.Router;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.coders.DelegateCoder;
import org.apache.beam.sdk.coders.StringUtf8Coder;
import org.apache.beam.sdk.io.TextIO;
import org.apache.beam.sdk.io.fs.ResourceId;
import org.apache.beam.sdk.options.StreamingOptions;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.transforms.FlatMapElements;
import org.apache.beam.sdk.transforms.MapElements;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionTuple;
import org.apache.beam.sdk.values.TypeDescriptor;
import org.apache.beam.sdk.values.TypeDescriptors;

/**
 * The Beam ingest pipeline: corpus-relative paths → {@code ReadAndChunkFiles} → {@code WriteIndexShards}, with
 * the dead letters written as JSON lines and, with {@code --exportParquet=DIR}, the chunks also written as a
 * Parquet dataset ({@code WriteChunksParquet}). It only stages: the shard indexes it leaves in the staging directory
 * are merged into the corpus index and published by the caller ({@code IndexUpdate.addShards}).
 *
 * <p>{@link #buildPipeline} wires the steps, {@link #run} executes them and reads the staging directory back,
 * and {@link #main} is a standalone full pass over a corpus root (Beam WordCount style), or with
 * {@code --streaming=true} the streaming ingest ({@link StreamingIngestPipeline}) that publishes into
 * {@code --index} once per window.
 */
public final class IngestPipeline {
  /** Sub-directory of the staging dir that receives the dead-letter JSONL files. */
  public static final String DEAD_LETTER_DIR = "deadletters";
  /** Sub-directory of the staging dir that receives one dead letter per chunk left without a vector. */
  public static final String EMBED_FAILURE_DIR = "embedfailures";
  static final String DEAD_LETTER_PREFIX = "part";
  static final String DEAD_LETTER_SUFFIX = ".jsonl";

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String WORKERS_READ = "the workers (a shared mount on a cluster) and the driver read ";

  private IngestPipeline() {}

  /** A full pass: lists the corpus root, runs the pipeline, prints where the shards and dead letters are. */
  public static void main(String[] args) {
    IngestOptions options = OptionArgs.parse(args, IngestOptions.class);
    if (options.as(StreamingOptions.class).isStreaming()) {
      // runs until cancelled (or --watchPolls ends the watch): each window publishes into --index
      StreamingIngestPipeline.build(options).run().waitUntilFinish();
      return;
    }
    Router router = router(options);
    String staging = staging(options);
    ResourceId stagingDir = StagedShards.directory(staging);
    // a local staging under the corpus must not be listed as part of it
    Path excluded = StagedShards.isLocal(stagingDir) ? StagedShards.localPath(stagingDir) : null;
    List<String> paths = new CorpusLister(router, excluded).list(root(options)).stream()
        .map(ListedFile::path)
        .toList();
    BeamIngestOutput output = run(options, paths);
    System.out.printf("%d files, %d shard indexes and %d dead letters in %s%n",
        paths.size(), output.shardDirs().size(), output.deadLetters().size(), staging);
  }

  /**
   * Runs the pipeline over {@code relPaths} and waits for it to finish. The staging directory's previous
   * {@code shard-*} and {@code deadletters} outputs are removed first, so what is read back is this run's.
   *
   * @throws IllegalStateException when the pipeline fails or ends in any state but {@code DONE}
   */
  public static BeamIngestOutput run(IngestOptions options, List<String> relPaths) {
    return run(options, relPaths, embedderSpec(options));
  }

  /** As {@link #run(IngestOptions, List)} with an embedder given in code (null: no vectors). */
  public static BeamIngestOutput run(IngestOptions options, List<String> relPaths, EmbedderSpec embedder) {
    // Built first: bad option values are refused before anything on disk is touched.
    Pipeline pipeline = buildPipeline(options, relPaths, embedder);
    return execute(pipeline, options, relPaths.size() + " files");
  }

  /**
   * Runs a pipeline whose outputs {@link #writeOutputs} wired, waits for it, and reads the staging directory
   * back: the one way every Beam ingest (directories, datasets) runs.
   *
   * @param input what the run is over, for the error message ({@code 12 files})
   */
  static BeamIngestOutput execute(Pipeline pipeline, IngestOptions options, String input) {
    ResourceId staging = StagedShards.directory(staging(options));
    try {
      IngestPipelineStaging.clear(staging);
    } catch (IOException e) {
      throw new UncheckedIOException("could not clear the staging dir " + staging, e);
    }
    if (options.getExportParquet() != null) {
      // the directory then holds this run's dataset only, whatever shard count wrote the previous one
      ChunkFiles.clear(exportDir(options), ExportFormat.PARQUET);
    }
    String runner = options.getRunner().getSimpleName();
    PipelineResult result;
    PipelineResult.State state;
    try {
      result = pipeline.run();
      state = result.waitUntilFinish();
    } catch (RuntimeException e) {
      throw new IllegalStateException("ingest pipeline on " + runner + " failed over " + input + ": "
          + e.getMessage(), e);
    }
    if (state != PipelineResult.State.DONE) {
      throw new IllegalStateException("ingest pipeline on " + runner + " must finish in state DONE, got: " + state);
    }
    if (options.getExportParquet() != null) {
      ChunkFiles.completeDataset(exportDir(options), ExportFormat.PARQUET);
    }
    try {
      return new BeamIngestOutput(
          IngestPipelineStaging.shardDirs(staging, Path.of(options.getShardDownloadDir())),
          IngestPipelineStaging.deadLetters(IngestPipelineStaging.child(staging, DEAD_LETTER_DIR), JSON),
          IngestPipelineCounters.counter(result, IngestCounters.CHUNKS),
          IngestPipelineCounters.counter(result, IngestCounters.EMPTY),
          IngestPipelineCounters.counter(result, IngestCounters.EMBEDDED),
          IngestPipelineCounters.counter(result, IngestCounters.VECTORS_REUSED),
          IngestPipelineCounters.counter(result, IngestCounters.EMBED_FAILED),
          IngestPipelineCounters.counter(result, IngestCounters.TRUNCATED),
          IngestPipelineStaging.deadLetters(IngestPipelineStaging.child(staging, EMBED_FAILURE_DIR), JSON));
    } catch (IOException e) {
      throw new UncheckedIOException("could not read the staged output back from " + staging, e);
    }
  }

  /** Wires the pipeline without running it. */
  public static Pipeline buildPipeline(IngestOptions options, List<String> relPaths) {
    return buildPipeline(options, relPaths, embedderSpec(options));
  }

  /** The embedder {@code --embedder} names, or null. */
  static EmbedderSpec embedderSpec(IngestOptions options) {
    return options.getEmbedder().isBlank() ? null : EmbedderSpecs.parse(options.getEmbedder());
  }

  /** Wires the pipeline without running it; with an embedder, chunks get vectors before they are written. */
  public static Pipeline buildPipeline(IngestOptions options, List<String> relPaths, EmbedderSpec embedder) {
    String root = root(options).toString();
    ReadAndChunkFiles readAndChunk = ReadAndChunkFiles.from(root, IngestStamp.CURRENT)
        .withRouter(router(options))
        .withMaxFileBytes(options.getMaxFileBytes());
    Pipeline pipeline = Pipeline.create(options);
    // An explicit coder: Create cannot infer one from an empty list.
    PCollectionTuple outcomes = pipeline
        .apply("ListedPaths", Create.of(relPaths).withCoder(StringUtf8Coder.of()))
        .apply("ReadAndChunkFiles", readAndChunk);
    writeOutputs(outcomes, options, embedder);
    return pipeline;
  }

  /**
   * Everything after chunking, shared by every Beam ingest: {@code EmbedChunks} when an embedder is given,
   * {@code WriteIndexShards} into the staging dir, {@code WriteChunksParquet} with {@code --exportParquet}, and the
   * dead letters as one JSONL file.
   *
   * @param outcomes {@link ReadAndChunkFiles#CHUNKED} and {@link ReadAndChunkFiles#DEAD_LETTERS}
   */
  static void writeOutputs(PCollectionTuple outcomes, IngestOptions options, EmbedderSpec embedder) {
    String staging = staging(options);
    WriteIndexShards writeShards = WriteIndexShards.to(staging).withShards(options.getShards());
    PCollection<FileOutcome.Chunked> files = outcomes.get(ReadAndChunkFiles.CHUNKED);
    if (embedder != null) {
      EmbedChunks embed = EmbedChunks.with(embedder).withBatchSize(options.getEmbedBatchSize());
      if (options.getReuseVectorsFrom() != null) {
        embed = embed.withReuseFrom(ResourcePaths.localPath(options.getReuseVectorsFrom(), "--reuseVectorsFrom",
            WORKERS_READ + "the index").toString());
      }
      PCollectionTuple embedded = files.apply("EmbedChunks", embed);
      files = embedded.get(EmbedChunks.EMBEDDED);
      writeJsonLines(embedded.get(EmbedChunks.FAILURES), "EmbedFailures", staging, EMBED_FAILURE_DIR);
    }
    files.apply("WriteIndexShards", writeShards);
    if (options.getExportParquet() != null) {
      files
          .apply("ChunkRows", FlatMapElements.into(TypeDescriptor.of(ChunkRow.class))
              .via((FileOutcome.Chunked chunked) ->
                  ChunkRow.allOf(chunked.chunks(), chunked.vectors(), chunked.meta())))
          .setCoder(DelegateCoder.of(AvroRecordCoder.of(ChunkRecords.schema()), ChunkRecords::toRecord,
              ChunkRecords::fromRecord))
          .apply("WriteChunksParquet", WriteChunksParquet.to(exportDir(options).toString()));
    }
    writeJsonLines(outcomes.get(ReadAndChunkFiles.DEAD_LETTERS), "DeadLetters", staging, DEAD_LETTER_DIR);
  }

  /**
   * The checked {@code --staging} directory, a URI string ending in {@code /}; without one, a fresh local
   * temporary directory.
   *
   * @throws IllegalArgumentException for a scheme without a Beam FileSystem on the class path
   */
  static String staging(IngestOptions options) {
    if (options.getStaging() == null) {
      // set on the options, so every step of this run (and a second look) sees the same directory
      options.setStaging(ScratchDirs.create("weft-ingest-").toUri());
    }
    return StagingUri.parse(options.getStaging(), "--staging", options);
  }

  /** Dead letters as one JSONL file in {@code staging/dir}. */
  private static void writeJsonLines(PCollection<DeadLetter> letters, String name, String staging, String dir) {
    letters
        .apply(name + "ToJson", MapElements.into(TypeDescriptors.strings()).via(IngestPipeline::toJson))
        .apply("Write" + name, TextIO.write()
            .to(staging + dir + "/" + DEAD_LETTER_PREFIX)
            .withSuffix(DEAD_LETTER_SUFFIX)
            // One file: one read-back that is simple on every runner.
            .withNumShards(1));
  }

  /**
   * {@code --root} as the local, absolute, normalized path it names (a path or a {@code file:} URI, read as Beam
   * reads resources); any other scheme is refused naming the option and the value.
   */
  static Path root(IngestOptions options) {
    return ResourcePaths.localPath(options.getRoot(), "--root", "the ingest lists and reads the corpus from a local "
        + "disk every worker reaches (a shared mount on a cluster)").toAbsolutePath().normalize();
  }

  /**
   * {@code --exportParquet} as a local, absolute path: the workers write the dataset, and the driver clears and
   * completes it with local file operations, so it is a shared mount on a cluster; any other scheme is refused.
   */
  static Path exportDir(IngestOptions options) {
    return ResourcePaths.localPath(options.getExportParquet(), "--exportParquet", WORKERS_READ + "and write the "
        + "dataset").toAbsolutePath().normalize();
  }

  /** The router the options ask for: the defaults, or only the listed extensions. */
  static Router router(IngestOptions options) {
    List<String> extensions = Arrays.stream(options.getExtensions().split(","))
        .map(String::trim)
        .filter(e -> !e.isEmpty())
        .toList();
    return extensions.isEmpty() ? Router.defaults() : Router.defaults().withExtensions(extensions);
  }

  static String toJson(DeadLetter deadLetter) {
    try {
      return JSON.writeValueAsString(deadLetter);
    } catch (JsonProcessingException e) {
      // Four strings always serialize; reaching this is a bug, not bad input.
      throw new IllegalStateException("dead letter must serialize to JSON, got: " + deadLetter, e);
    }
  }
}
