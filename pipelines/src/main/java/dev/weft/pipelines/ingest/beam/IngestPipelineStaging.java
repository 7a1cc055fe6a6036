package dev.weft.pipelines.ingest.beam;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.weft.context.DeadLetter;
import dev.weft.context.ScratchDirs;
import dev.weft.transforms.beam.StagedShards;
import dev.weft.transforms.beam.WriteIndexShards;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.apache.beam.sdk.io.FileSystems;
import org.apache.beam.sdk.io.fs.EmptyMatchTreatment;
import org.apache.beam.sdk.io.fs.MatchResult;
import org.apache.beam.sdk.io.fs.ResolveOptions.StandardResolveOptions;
import org.apache.beam.sdk.io.fs.ResourceId;

/**
 * The staging directory of a Beam ingest run, on any Beam FileSystem: clearing the outputs it owns, and reading
 * them back on the driver.
 */
final class IngestPipelineStaging {
  private IngestPipelineStaging() {}

  /** Removes earlier {@code shard-*} and dead-letter outputs; anything else in the directory is left alone. */
  static void clear(ResourceId staging) throws IOException {
    if (StagedShards.isLocal(staging)) {
      deleteLocalShards(StagedShards.localPath(staging));
    } else {
      // an attempt without a marker is never read: only what a reader could see must go
      for (ResourceId shard : StagedShards.completed(staging)) {
        StagedShards.deleteTree(shard);
      }
    }
    StagedShards.deleteTree(child(staging, IngestPipeline.DEAD_LETTER_DIR));
    StagedShards.deleteTree(child(staging, IngestPipeline.EMBED_FAILURE_DIR));
  }

  /**
   * Local directories holding each finished shard, in shard order: read in place when the staging is on this
   * machine's disk, else downloaded into {@code downloads/shard-<k>}.
   */
  static List<Path> shardDirs(ResourceId staging, Path downloads) throws IOException {
    List<Path> dirs = new ArrayList<>();
    for (ResourceId shard : StagedShards.completed(staging)) {
      if (StagedShards.isLocal(shard)) {
        dirs.add(StagedShards.localAttempt(shard));
      } else {
        Path local = downloads.resolve(shard.getFilename());
        StagedShards.download(shard, local);
        dirs.add(local);
      }
    }
    return dirs;
  }

  /** Every dead letter in the JSONL files of {@code dir}, sorted by path then stage then reason. */
  static List<DeadLetter> deadLetters(ResourceId dir, ObjectMapper json) throws IOException {
    String glob = dir.resolve(IngestPipeline.DEAD_LETTER_PREFIX + "*" + IngestPipeline.DEAD_LETTER_SUFFIX,
        StandardResolveOptions.RESOLVE_FILE).toString();
    List<DeadLetter> letters = new ArrayList<>();
    // Only finished files: a failed write may leave Beam's .temp-beam-* directory behind.
    for (MatchResult.Metadata file : FileSystems.match(glob, EmptyMatchTreatment.ALLOW).metadata()) {
      for (String line : StagedShards.read(file.resourceId()).lines().toList()) {
        if (!line.isBlank()) {
          letters.add(json.readValue(line, DeadLetter.class));
        }
      }
    }
    letters.sort(Comparator.comparing(DeadLetter::path)
        .thenComparing(DeadLetter::stage)
        .thenComparing(DeadLetter::reason));
    return letters;
  }

  static ResourceId child(ResourceId staging, String name) {
    return staging.resolve(name, StandardResolveOptions.RESOLVE_DIRECTORY);
  }

  /** Every {@code shard-*} directory, finished or not: a killed attempt's files go too. */
  private static void deleteLocalShards(Path staging) throws IOException {
    if (!Files.isDirectory(staging)) {
      return;
    }
    try (Stream<Path> entries = Files.list(staging)) {
      for (Path entry : entries.toList()) {
        if (entry.getFileName().toString().startsWith(WriteIndexShards.SHARD_DIR_PREFIX)) {
          ScratchDirs.delete(entry);
        }
      }
    }
  }
}
