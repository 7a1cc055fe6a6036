package dev.weft.index;

import java.util.List;
import java.util.Set;
import java.util.function.Supplier;
import org.apache.lucene.index.IndexCommit;
import org.apache.lucene.index.IndexDeletionPolicy;

/**
 * Keeps the commits that kept generation manifests read, plus the newest commit (the one a run is
 * about to publish). Anything else is an orphan of a run that never published, or a generation
 * pruned past {@code keepGenerations}, and is deleted.
 *
 * <p>The kept set is read from the manifests each time Lucene asks, which is after the writer holds
 * {@code write.lock}: no publish can slip in between reading it and deleting. A kept manifest that cannot be
 * read still protects the commits labelled with its generation: a damaged manifest never costs its data.
 */
final class PublishedCommitsPolicy extends IndexDeletionPolicy {
  private final Supplier<Set<Long>> keptLuceneGenerations;
  private final Supplier<Set<Long>> unreadableGenerations;

  PublishedCommitsPolicy(Supplier<Set<Long>> keptLuceneGenerations, Supplier<Set<Long>> unreadableGenerations) {
    this.keptLuceneGenerations = keptLuceneGenerations;
    this.unreadableGenerations = unreadableGenerations;
  }

  @Override
  public void onInit(List<? extends IndexCommit> commits) {
    onCommit(commits);
  }

  @Override
  public void onCommit(List<? extends IndexCommit> commits) {
    Set<Long> kept = keptLuceneGenerations.get();
    Set<Long> unreadable = unreadableGenerations.get();
    // Lucene lists commits oldest first; the last one is never deleted here
    for (int i = 0; i < commits.size() - 1; i++) {
      IndexCommit commit = commits.get(i);
      if (isDropped(commit, kept, unreadable)) {
        commit.delete();
      }
    }
  }

  /** Whether a commit other than the newest is deleted: neither a kept manifest nor an unreadable one protects it. */
  static boolean isDropped(IndexCommit commit, Set<Long> keptLuceneGenerations, Set<Long> unreadableGenerations) {
    return !keptLuceneGenerations.contains(commit.getGeneration())
        && !unreadableGenerations.contains(IndexCommits.weftGeneration(commit));
  }

}
