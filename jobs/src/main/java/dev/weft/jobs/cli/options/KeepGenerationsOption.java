package dev.weft.jobs.cli.options;

import dev.weft.context.generation.GenerationManifest;
import picocli.CommandLine.Option;

/**
 * The {@code --keep-generations N} option of the commands that publish generations, with {@code --keep}, its former
 * spelling, still taken so scripts keep working (hidden, so help shows one name).
 */
public final class KeepGenerationsOption {
  @Option(names = "--keep-generations", paramLabel = "N",
      defaultValue = "" + GenerationManifest.DEFAULT_KEEP_GENERATIONS,
      description = "Generations kept for rollback (default: ${DEFAULT-VALUE}).")
  int keepGenerations;

  @Option(names = "--keep", hidden = true, paramLabel = "N")
  Integer keepAlias;

  /** The value given, by either spelling (the former one wins when both are given, as before). */
  public int value() {
    return keepAlias != null ? keepAlias : keepGenerations;
  }
}
