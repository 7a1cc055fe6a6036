package dev.weft.transforms.ingest;

import dev.weft.context.FileState;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/**
 * What a pass must do to bring the index level with the corpus.
 *
 * @param added paths the index has never seen: read and chunk
 * @param updated paths whose content (or chunker) changed, or all paths under {@code --force}: re-chunk
 * @param touched files whose stat moved but whose content hash did not: only their state is rewritten
 * @param removed paths in scope that the index holds but the corpus no longer has
 * @param unchanged files left alone (touched ones included)
 */
public record ChangeSet(
    List<String> added, List<String> updated, List<FileState> touched, List<String> removed, int unchanged)
    implements Serializable {
  public ChangeSet {
    added = List.copyOf(added);
    updated = List.copyOf(updated);
    touched = List.copyOf(touched);
    removed = List.copyOf(removed);
  }

  /** Paths to read and chunk, added first. */
  public List<String> toChunk() {
    if (updated.isEmpty()) {
      return added;
    }
    List<String> all = new ArrayList<>(added.size() + updated.size());
    all.addAll(added);
    all.addAll(updated);
    return all;
  }

  public boolean isNoOp() {
    return added.isEmpty() && updated.isEmpty() && touched.isEmpty() && removed.isEmpty();
  }
}
