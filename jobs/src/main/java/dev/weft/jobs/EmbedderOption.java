package dev.weft.jobs;

import picocli.CommandLine.Option;

/** The {@code --embedder SPEC} option of every command that embeds (chunks, queries, or both). */
final class EmbedderOption {
  @Option(names = "--embedder", paramLabel = "SPEC",
      description = "Embedder: bge-small, minilm, hash:<dims>, openai:<model>@<baseUrl>#<dims>[?timeout=10s&...] "
          + "(default: the one the index was built with or last asked for, else bge-small).")
  String spec;
}
