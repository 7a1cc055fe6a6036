package dev.weft.transforms.dataset;

import dev.weft.context.DeadLetter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * What a pass over a dataset must do to bring the index level with it, decided by {@link DatasetPlanner}.
 *
 * @param selection the records to chunk (new ones, changed ones, or all under {@code --force})
 * @param added selected records the index has never seen
 * @param replaced ids of selected records the index already holds: their old chunks go
 * @param removed ids the index holds that the dataset no longer has
 * @param unchanged records left alone
 * @param deadLetters invalid records and repeated ids, at their position or under the id
 * @param stamp the dataset's size and mtime when it was planned
 */
public record DatasetChangeSet(RecordSelection selection, long added, List<String> replaced, List<String> removed,
    long unchanged, List<DeadLetter> deadLetters, FileStamp stamp) {
  public DatasetChangeSet {
    Objects.requireNonNull(selection, "selection");
    replaced = List.copyOf(replaced);
    removed = List.copyOf(removed);
    deadLetters = List.copyOf(deadLetters);
    Objects.requireNonNull(stamp, "stamp");
  }

  /** Records to chunk. */
  public int toChunk() {
    return selection.size();
  }

  /** Nothing to chunk, nothing to remove, nothing to report: no generation is published. */
  public boolean isNoOp() {
    return toChunk() == 0 && removed.isEmpty() && deadLetters.isEmpty();
  }

  /**
   * Refuses to go on when the dataset changed since it was planned: record positions would no longer say which
   * records were meant (a selected position could now be a repeated id).
   */
  public void requireUnchanged(Path dataset) {
    FileStamp now = FileStamp.of(dataset);
    if (!now.equals(stamp)) {
      throw new IllegalStateException("dataset must not change while it is ingested, but " + dataset
          + " did: planned at " + stamp + ", now " + now + "; nothing was published, run the ingest again");
    }
  }

  /** A file's size and modification time. */
  public record FileStamp(long bytes, long modifiedMillis) {
    public static FileStamp of(Path file) {
      try {
        return new FileStamp(Files.size(file), Files.getLastModifiedTime(file).toMillis());
      } catch (IOException e) {
        throw new UncheckedIOException("cannot stat dataset " + file, e);
      }
    }

    @Override
    public String toString() {
      return bytes + " bytes, mtime " + modifiedMillis;
    }
  }
}
