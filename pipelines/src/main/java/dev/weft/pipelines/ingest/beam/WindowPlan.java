package dev.weft.pipelines.ingest.beam;

import dev.weft.pipelines.ingest.DirectoryPass;
import java.io.Serializable;
import java.util.List;
import java.util.Objects;

/**
 * A streaming window's plan, made on one key per window against the served generation: the files its workers chunk
 * and the deletions its publish applies ({@link WindowPublisher#plan}).
 *
 * @param windowEnd the window's end, epoch millis: its id
 * @param changedPaths distinct paths the watch reported new or modified in the window
 * @param status what the window is to do
 * @param planned the change set, trimmed to what its files need; null unless {@link Status#PLANNED}
 * @param baseGeneration the served generation the plan was made against (0: none was served); a publish applies the
 *     plan only while that generation is still served — a plan another window's publish overtook is stale
 */
record WindowPlan(long windowEnd, int changedPaths, Status status, DirectoryPass.Planned planned,
    long baseGeneration) implements Serializable {
  /** What a planned window is to do. */
  enum Status {
    /** Files to chunk or delete: the window's workers stage shards and its publish merges them. */
    PLANNED,
    /** The tree matches the served generation: nothing is chunked or published. */
    UNCHANGED,
    /** The served generation already records this window (or a later one): nothing runs. */
    REPLAYED
  }

  WindowPlan {
    Objects.requireNonNull(status, "status");
    if ((status == Status.PLANNED) != (planned != null)) {
      throw new IllegalArgumentException("a window plan holds a change set exactly when it is PLANNED, got: "
          + status + " with " + (planned == null ? "none" : "one"));
    }
  }

  /** A plan made when no generation was served. */
  WindowPlan(long windowEnd, int changedPaths, Status status, DirectoryPass.Planned planned) {
    this(windowEnd, changedPaths, status, planned, 0);
  }

  /** The corpus-relative paths the window's workers read and chunk. */
  List<String> toChunk() {
    return planned == null ? List.of() : planned.changes().toChunk();
  }
}
