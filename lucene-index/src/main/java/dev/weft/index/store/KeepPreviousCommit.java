package dev.weft.index.store;

import java.io.IOException;
import java.util.List;
import java.util.Optional;
import org.apache.lucene.index.IndexCommit;
import org.apache.lucene.index.IndexDeletionPolicy;

/**
 * Keeps the last two commits and every commit their logs are chained from ({@link CommitLog}), deleting the rest.
 *
 * <p>Two: the newest commit point is made durable only after its rename ({@link SyncOnceDirectory}): its journal
 * record is forced after it is appended ({@link CommitPointJournalDirectory}), and a commit point whose force fails
 * is removed again, so the commit before it must still be there to be the newest; the commit before was durable
 * before the newest began (a commit is acknowledged, and the next one started, only after its force). In a store
 * written before the journal, whose commit points are files, the same commit is what a torn newest file falls back
 * to ({@link TornCommitPoint}).
 *
 * <p>The chains: a commit carries only its own writes, so its log is read by replaying the commits back to the
 * one that started its chain (at most {@link CommitLog#CHAIN_LIMIT} of them). Those stay until a newer chain start
 * and the commit after it make them unnecessary to both kept commits. A commit that carries only its log shares every segment with the one before,
 * so each kept commit costs one small file; after a fold or a merge, the replaced segments live until the chain
 * before it goes.
 */
final class KeepPreviousCommit extends IndexDeletionPolicy {
  static final int KEPT = 2;

  @Override
  public void onInit(List<? extends IndexCommit> commits) throws IOException {
    onCommit(commits);
  }

  @Override
  public void onCommit(List<? extends IndexCommit> commits) throws IOException {
    // oldest first, as Lucene lists them
    int keepFrom = commits.size();
    for (int i = Math.max(0, commits.size() - KEPT); i < commits.size(); i++) {
      keepFrom = Math.min(keepFrom, chainStart(commits, i));
    }
    for (int i = 0; i < keepFrom; i++) {
      commits.get(i).delete();
    }
  }

  /** The index of the commit the chain of commit {@code at} starts from (itself when it is not chained). */
  private static int chainStart(List<? extends IndexCommit> commits, int at) throws IOException {
    int start = at;
    Optional<CommitLog.Link> link = CommitLog.link(commits.get(at).getUserData());
    while (link.isPresent() && !link.get().startsChain() && start > 0) {
      start--;
      link = CommitLog.link(commits.get(start).getUserData());
    }
    return start;
  }
}
