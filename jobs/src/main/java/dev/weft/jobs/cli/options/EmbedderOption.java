package dev.weft.jobs.cli.options;

import picocli.CommandLine.Option;

/**
 * The {@code --embedder SPEC} option of every command that embeds (chunks, queries, or both). A command whose default
 * differs says so under its own key, {@code weft.COMMAND.embedder}, in {@code OptionHelp.properties} ({@code eval}
 * has none: without one its vector modes are not run).
 */
public final class EmbedderOption {
  @Option(names = "--embedder", paramLabel = "SPEC", completionCandidates = EmbedderForms.class,
      descriptionKey = "embedder",
      description = "Embedder, one of ${COMPLETION-CANDIDATES} (default: the one the index was built with or last "
          + "asked for, else bge-small).")
  public String spec;
}
