package dev.weft.pipelines.ingest;

/** Progress of a run, for a terminal or a log; called from executor threads, so implementations are thread-safe. */
public interface IngestProgress {
  IngestProgress NONE = new IngestProgress() {};

  /**
   * A stage of the run begins and the previous one ends: {@code plan}, {@code chunk} (read, chunk, embed and, on
   * Beam, write and merge the shards), {@code commit}, {@code publish}. Run reports time the stages from these.
   */
  default void stage(String name) {}

  /** The change set is known: {@code files} will be read and chunked by {@code executor}. */
  default void started(int files, String executor) {}

  /** One file is done, with the chunks it produced (0 for a refused file). */
  default void fileDone(int chunks) {}

  /** Everything is written and published (or nothing was to do). */
  default void finished() {}
}
