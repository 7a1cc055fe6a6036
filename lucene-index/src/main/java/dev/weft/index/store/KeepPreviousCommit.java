package dev.weft.index.store;

import java.util.List;
import org.apache.lucene.index.IndexCommit;
import org.apache.lucene.index.IndexDeletionPolicy;

/**
 * Keeps the last two commits, deleting older ones. The newest commit point is fsynced only after its rename
 * ({@link SyncOnceDirectory}), so until its fsyncs return a crash can leave it torn; the commit before it was
 * durable before the newest began (a commit is acknowledged, and the next one started, only after its fsyncs).
 * Keeping that one until the next commit gives a crash something whole to fall back to ({@link TornCommitPoint}).
 * A commit that carries only its log shares every segment with the one before, so the kept commit costs one
 * small file; after a fold or a merge, the replaced segments live one commit longer.
 */
final class KeepPreviousCommit extends IndexDeletionPolicy {
  static final int KEPT = 2;

  @Override
  public void onInit(List<? extends IndexCommit> commits) {
    onCommit(commits);
  }

  @Override
  public void onCommit(List<? extends IndexCommit> commits) {
    // oldest first, as Lucene lists them
    for (int i = 0; i < commits.size() - KEPT; i++) {
      commits.get(i).delete();
    }
  }
}
