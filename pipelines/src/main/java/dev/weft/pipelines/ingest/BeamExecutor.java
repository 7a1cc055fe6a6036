package dev.weft.pipelines.ingest;

import dev.weft.context.DeadLetter;
import dev.weft.index.IndexUpdate;
import org.apache.lucene.util.IOUtils;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.beam.sdk.options.PipelineOptionsFactory;

/**
 * Runs a change set as a Beam pipeline ({@link IngestPipeline}) on the DirectRunner or the FlinkRunner. The
 * pipeline writes Lucene shards into a staging directory under the index; this class then deletes the old
 * documents of every path in the change set and adds the shards to the index in the same uncommitted update,
 * so the generation that follows holds all of the run or none of it.
 */
final class BeamExecutor {
  private final RunnerChoice runner;
  private final List<String> extraArgs;

  BeamExecutor(RunnerChoice runner, List<String> extraArgs) {
    this.runner = runner;
    this.extraArgs = List.copyOf(extraArgs);
  }

  ChunkRun run(List<String> paths, IngestRequest request, Path root, IndexUpdate update,
      Set<String> previouslyIndexed, IngestProgress progress) {
    Path staging = request.indexDir().resolve("staging").resolve("run-" + System.currentTimeMillis());
    try {
      IngestOptions options = options(request, root, staging);
      BeamIngestOutput output = IngestPipeline.run(options, paths, request.embedder());
      for (String path : paths) {
        if (previouslyIndexed.contains(path)) {
          update.delete(path);
        }
      }
      update.addShards(output.shardDirs());
      Set<String> refused = new HashSet<>();
      for (DeadLetter letter : output.deadLetters()) {
        refused.add(letter.path());
      }
      Set<String> chunked = new HashSet<>(paths);
      chunked.removeAll(refused);
      for (int i = 0; i < paths.size(); i++) {
        progress.fileDone(0);
      }
      EmbedCounts embed = new EmbedCounts();
      embed.embedded.set(output.embedded());
      embed.reused.set(output.vectorsReused());
      embed.failed.set(output.embedFailed());
      embed.truncated.set(output.truncated());
      return new ChunkRun(chunked, output.chunks(), output.emptyFiles(), output.deadLetters(), embed);
    } finally {
      deleteTree(staging);
    }
  }

  private IngestOptions options(IngestRequest request, Path root, Path staging) {
    List<String> args = new ArrayList<>();
    args.add(runner == RunnerChoice.DIRECT ? "--runner=DirectRunner" : "--runner=FlinkRunner");
    if (runner == RunnerChoice.FLINK && extraArgs.stream().noneMatch(a -> a.startsWith("--flinkMaster"))) {
      args.add("--flinkMaster=[local]");
    }
    args.add("--root=" + root);
    args.add("--stagingDir=" + staging.toAbsolutePath());
    args.add("--maxFileBytes=" + request.maxFileBytes());
    args.add("--extensions=" + String.join(",", request.router().extensions()));
    args.add("--embedBatchSize=" + request.embedBatchSize());
    if (request.exportParquet() != null) {
      args.add("--exportParquet=" + request.exportParquet().toAbsolutePath());
    }
    args.add("--reuseVectorsFrom=" + request.indexDir().toAbsolutePath());
    args.addAll(extraArgs);
    IngestOptions options = PipelineOptionsFactory.fromArgs(args.toArray(String[]::new)).withValidation()
        .as(IngestOptions.class);
    return options;
  }

  static void deleteTree(Path dir) {
    // Lucene's IOUtils.rm deletes a tree bottom-up; one implementation for every scratch directory here
    if (!Files.exists(dir)) {
      return;
    }
    try {
      IOUtils.rm(dir);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot delete " + dir, e);
    }
  }
}
