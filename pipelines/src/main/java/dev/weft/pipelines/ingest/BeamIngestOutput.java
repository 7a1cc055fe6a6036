package dev.weft.pipelines.ingest;

import dev.weft.context.DeadLetter;
import java.nio.file.Path;
import java.util.List;

/**
 * What a Beam ingest run left in its staging directory, read back after the pipeline finished.
 *
 * @param shardDirs the {@code shard-<k>} directories holding a Lucene commit, sorted by name
 * @param deadLetters every refused file, sorted by path then stage
 */
public record BeamIngestOutput(List<Path> shardDirs, List<DeadLetter> deadLetters) {
  public BeamIngestOutput {
    shardDirs = List.copyOf(shardDirs);
    deadLetters = List.copyOf(deadLetters);
  }
}
