package dev.weft.index;

import dev.weft.context.generation.CorpusSource;
import dev.weft.context.generation.GenerationManifest;
import dev.weft.context.generation.RequestedEmbedder;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;

/**
 * Settings of one index update.
 *
 * @param corpusRoot directory the indexed paths are relative to; kept absolute and normalised
 * @param keepGenerations published generations to keep for rollback, at least 1 (default 5)
 * @param chunkerStamp version of the chunking code, recorded in the commit and the manifest
 * @param requestedEmbedder the embedder the run asked for, recorded in the manifest; null keeps the served
 *     generation's
 * @param lockWait how long to wait for another run's write lock before refusing as busy (zero: refuse at once)
 * @param rebuild start a fresh generation line: the update reads nothing of the served generation (which may be
 *     damaged) and its commit holds only what it writes
 * @param source where the run's items come from, recorded in the manifest; null keeps the served generation's
 */
public record UpdateOptions(String corpusRoot, int keepGenerations, String chunkerStamp,
    RequestedEmbedder requestedEmbedder, Duration lockWait, boolean rebuild, CorpusSource source) {
  public UpdateOptions {
    Objects.requireNonNull(corpusRoot, "corpusRoot");
    Objects.requireNonNull(chunkerStamp, "chunkerStamp");
    Objects.requireNonNull(lockWait, "lockWait");
    if (corpusRoot.isBlank()) {
      throw new IllegalArgumentException("corpusRoot must not be blank, got: '" + corpusRoot + "'");
    }
    if (chunkerStamp.isBlank()) {
      throw new IllegalArgumentException("chunkerStamp must not be blank, got: '" + chunkerStamp + "'");
    }
    if (keepGenerations < 1) {
      throw new IllegalArgumentException("keepGenerations must be at least 1, got: " + keepGenerations);
    }
    if (lockWait.isNegative()) {
      throw new IllegalArgumentException("the lock wait must not be negative, got: " + lockWait.toSeconds() + " s");
    }
    corpusRoot = Path.of(corpusRoot).toAbsolutePath().normalize().toString();
  }

  /** Options that record no source (the served generation's is kept). */
  public UpdateOptions(String corpusRoot, int keepGenerations, String chunkerStamp,
      RequestedEmbedder requestedEmbedder, Duration lockWait, boolean rebuild) {
    this(corpusRoot, keepGenerations, chunkerStamp, requestedEmbedder, lockWait, rebuild, null);
  }

  /** Options of a run that names no embedder, refusing at once when busy, building on the served generation. */
  public UpdateOptions(String corpusRoot, int keepGenerations, String chunkerStamp) {
    this(corpusRoot, keepGenerations, chunkerStamp, null, Duration.ZERO, false, null);
  }

  /** Options keeping the default {@value GenerationManifest#DEFAULT_KEEP_GENERATIONS} generations. */
  public static UpdateOptions of(String corpusRoot, String chunkerStamp) {
    return new UpdateOptions(corpusRoot, GenerationManifest.DEFAULT_KEEP_GENERATIONS, chunkerStamp);
  }

  public UpdateOptions withKeepGenerations(int keep) {
    return new UpdateOptions(corpusRoot, keep, chunkerStamp, requestedEmbedder, lockWait, rebuild, source);
  }

  /** @param requested the embedder the run asks for, or null to keep the served generation's */
  public UpdateOptions withRequestedEmbedder(RequestedEmbedder requested) {
    return new UpdateOptions(corpusRoot, keepGenerations, chunkerStamp, requested, lockWait, rebuild, source);
  }

  public UpdateOptions withLockWait(Duration wait) {
    return new UpdateOptions(corpusRoot, keepGenerations, chunkerStamp, requestedEmbedder, wait, rebuild, source);
  }

  public UpdateOptions withRebuild(boolean fresh) {
    return new UpdateOptions(corpusRoot, keepGenerations, chunkerStamp, requestedEmbedder, lockWait, fresh, source);
  }

  /** @param value where the run's items come from, or null to keep the served generation's */
  public UpdateOptions withSource(CorpusSource value) {
    return new UpdateOptions(corpusRoot, keepGenerations, chunkerStamp, requestedEmbedder, lockWait, rebuild, value);
  }
}
