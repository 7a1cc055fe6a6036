package dev.weft.api;

import java.nio.file.Path;
import java.util.Objects;

/**
 * Where a program run's pieces come from (docs/programs.md, "input"): the files of a directory (each a slot named
 * by its relative path, and a piece of {@code input}), a Weft index (each chunk a piece, addressed by its chunk
 * id), or a dataset (each record a piece, addressed by its record id).
 */
public sealed interface ProgramSource {
  Path path();

  /** {@code --env DIR}. */
  record EnvDir(Path path) implements ProgramSource {
    public EnvDir {
      Objects.requireNonNull(path, "path");
    }
  }

  /** {@code --index DIR}. */
  record Index(Path path) implements ProgramSource {
    public Index {
      Objects.requireNonNull(path, "path");
    }
  }

  /** {@code --dataset PATH} (JSONL, Parquet or Avro; the records {@code weft index --dataset} reads). */
  record Dataset(Path path) implements ProgramSource {
    public Dataset {
      Objects.requireNonNull(path, "path");
    }
  }
}
