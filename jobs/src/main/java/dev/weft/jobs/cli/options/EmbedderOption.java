package dev.weft.jobs.cli.options;

import picocli.CommandLine.Option;

/** The {@code --embedder SPEC} option of every command that embeds (chunks, queries, or both). */
public final class EmbedderOption {
  @Option(names = "--embedder", paramLabel = "SPEC", completionCandidates = EmbedderForms.class,
      description = "Embedder, one of ${COMPLETION-CANDIDATES} (default: the one the index was built with or last "
          + "asked for, else bge-small).")
  public String spec;
}
