package dev.weft.index;

import java.nio.file.Path;
import java.util.Objects;

/**
 * Settings of one index update.
 *
 * @param corpusRoot directory the indexed paths are relative to; kept absolute and normalised
 * @param keepGenerations published generations to keep for rollback, at least 1 (default 5)
 * @param chunkerStamp version of the chunking code, recorded in the commit and the manifest
 */
public record UpdateOptions(String corpusRoot, int keepGenerations, String chunkerStamp) {
  public static final int DEFAULT_KEEP_GENERATIONS = 5;

  public UpdateOptions {
    Objects.requireNonNull(corpusRoot, "corpusRoot");
    Objects.requireNonNull(chunkerStamp, "chunkerStamp");
    if (corpusRoot.isBlank()) {
      throw new IllegalArgumentException("corpusRoot must not be blank, got: '" + corpusRoot + "'");
    }
    if (chunkerStamp.isBlank()) {
      throw new IllegalArgumentException("chunkerStamp must not be blank, got: '" + chunkerStamp + "'");
    }
    if (keepGenerations < 1) {
      throw new IllegalArgumentException("keepGenerations must be at least 1, got: " + keepGenerations);
    }
    corpusRoot = Path.of(corpusRoot).toAbsolutePath().normalize().toString();
  }

  /** Options keeping the default {@value #DEFAULT_KEEP_GENERATIONS} generations. */
  public static UpdateOptions of(String corpusRoot, String chunkerStamp) {
    return new UpdateOptions(corpusRoot, DEFAULT_KEEP_GENERATIONS, chunkerStamp);
  }

  public UpdateOptions withKeepGenerations(int keep) {
    return new UpdateOptions(corpusRoot, keep, chunkerStamp);
  }
}
