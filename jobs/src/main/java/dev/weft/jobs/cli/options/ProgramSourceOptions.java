package dev.weft.jobs.cli.options;

import dev.weft.api.ProgramSource;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * Where a program's {@code input} comes from, exactly one of {@code --env DIR}, {@code --index DIR} and {@code
 * --dataset PATH}: an exclusive picocli {@code @ArgGroup} ({@code exclusive = true, multiplicity = "1"}) of
 * {@code weft program run} and {@code weft ask}, so both take the same sources with the same help.
 */
public final class ProgramSourceOptions {
  @Option(names = "--env", paramLabel = "DIR", description = "Each file of DIR is a slot (its relative path) "
      + "and a piece of input.")
  Path env;

  @Option(names = "--index", paramLabel = "DIR", description = "Each chunk of the index at DIR is a piece.")
  Path index;

  @Option(names = "--dataset", paramLabel = "PATH", description = "Each record of a JSONL, Parquet or Avro "
      + "dataset is a piece.")
  Path dataset;

  /** The source given. */
  public ProgramSource toSource() {
    return env != null ? new ProgramSource.EnvDir(env)
        : index != null ? new ProgramSource.Index(index) : new ProgramSource.Dataset(dataset);
  }
}
