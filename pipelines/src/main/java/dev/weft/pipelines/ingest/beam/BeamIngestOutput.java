package dev.weft.pipelines.ingest.beam;

import dev.weft.context.DeadLetter;
import java.nio.file.Path;
import java.util.List;

/**
 * What a Beam ingest run left in its staging directory, read back after the pipeline finished.
 *
 * @param shardDirs the {@code shard-<k>} directories holding a Lucene commit, sorted by shard number
 * @param deadLetters every refused file, sorted by path then stage then reason
 * @param chunks chunks written into the shards (the run's {@code chunks} counter)
 * @param emptyFiles files indexed without any chunk (the run's {@code empty} counter)
 * @param embedded texts embedded by {@code EmbedChunks}
 * @param vectorsReused chunks whose vector was reused
 * @param embedFailed chunks left without a vector
 * @param truncated texts cut to the model's input limit
 * @param embedFailures one dead letter per chunk left without a vector, sorted like {@code deadLetters}
 */
public record BeamIngestOutput(List<Path> shardDirs, List<DeadLetter> deadLetters, long chunks, long emptyFiles,
    long embedded, long vectorsReused, long embedFailed, long truncated, List<DeadLetter> embedFailures) {
  public BeamIngestOutput {
    shardDirs = List.copyOf(shardDirs);
    deadLetters = List.copyOf(deadLetters);
    embedFailures = List.copyOf(embedFailures);
  }

  public BeamIngestOutput(List<Path> shardDirs, List<DeadLetter> deadLetters, long chunks, long emptyFiles,
      long embedded, long vectorsReused, long embedFailed, long truncated) {
    this(shardDirs, deadLetters, chunks, emptyFiles, embedded, vectorsReused, embedFailed, truncated, List.of());
  }

  public BeamIngestOutput(List<Path> shardDirs, List<DeadLetter> deadLetters, long chunks, long emptyFiles) {
    this(shardDirs, deadLetters, chunks, emptyFiles, 0, 0, 0, 0);
  }
}
