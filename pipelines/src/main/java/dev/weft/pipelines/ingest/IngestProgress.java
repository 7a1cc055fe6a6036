package dev.weft.pipelines.ingest;

/** Progress of a run, for a terminal or a log; called from executor threads, so implementations are thread-safe. */
public interface IngestProgress {
  IngestProgress NONE = new IngestProgress() {};

  /** The change set is known: {@code files} will be read and chunked by {@code executor}. */
  default void started(int files, String executor) {}

  /** One file is done, with the chunks it produced (0 for a refused file). */
  default void fileDone(int chunks) {}

  /** Everything is written and published (or nothing was to do). */
  default void finished() {}
}
