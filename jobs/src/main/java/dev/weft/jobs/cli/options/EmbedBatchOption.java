package dev.weft.jobs.cli.options;

import dev.weft.transforms.vectors.ChunkEmbedder;
import picocli.CommandLine.Option;

/** The {@code --embed-batch N} option of the commands that embed chunks. */
public final class EmbedBatchOption {
  @Option(names = "--embed-batch", paramLabel = "N", defaultValue = "" + ChunkEmbedder.DEFAULT_BATCH_SIZE,
      description = "Chunks per embedding call (default: ${DEFAULT-VALUE}).")
  public int size;
}
