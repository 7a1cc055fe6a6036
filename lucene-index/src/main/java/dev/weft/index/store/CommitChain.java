package dev.weft.index.store;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexCommit;

/**
 * The log a commit carries, read from the directory: the deltas of its chain ({@link CommitLog}) applied in
 * order. A reader that knows the log of the commit before (or of this very commit) extends it by one delta and
 * reads no file; otherwise it replays the chain from the commits kept on disk ({@link KeepPreviousCommit}).
 */
final class CommitChain {
  /** A chain with a commit missing: reading again, from a newer commit, is the way out. */
  static final class Broken extends IOException {
    Broken(String message) {
      super(message);
    }
  }

  private CommitChain() {}

  /**
   * The log of {@code commit}.
   *
   * @param known a log this reader holds already (the last one it read or committed), reused when {@code commit}
   *     is that log's commit or the one after it
   * @throws IOException when the chain cannot be read whole: a commit of it is gone (another process folded the
   *     chain and the next commit deleted it while this reader was behind) — reading again sees the newer commit
   */
  static CommitLog logOf(IndexCommit commit, CommitLog known) throws IOException {
    Optional<CommitLog.Link> link = CommitLog.link(commit.getUserData());
    if (link.isEmpty()) {
      return CommitLog.unchained(commit.getUserData());
    }
    CommitLog.Link newest = link.get();
    if (newest.startsChain()) {
      return CommitLog.start(newest);
    }
    if (!known.id().isEmpty() && (newest.id().equals(known.id()) || newest.prev().equals(known.id()))) {
      return known.then(newest);
    }
    return replay(commit, newest);
  }

  /** Walks back from {@code newest} through the ids each commit names as its predecessor, then applies them. */
  private static CommitLog replay(IndexCommit commit, CommitLog.Link newest) throws IOException {
    List<IndexCommit> commits = DirectoryReader.listCommits(commit.getDirectory());
    Deque<CommitLog.Link> chain = new ArrayDeque<>();
    chain.push(newest);
    for (int i = commits.size() - 1; i >= 0 && !chain.peek().startsChain(); i--) {
      if (commits.get(i).getGeneration() >= commit.getGeneration()) {
        continue;
      }
      Optional<CommitLog.Link> each = CommitLog.link(commits.get(i).getUserData());
      if (each.isEmpty()) {
        break;
      }
      if (each.get().id().equals(chain.peek().prev())) {
        chain.push(each.get());
      } else if (!each.get().id().equals(chain.peek().id())) {
        // a commit repeating its predecessor's data (a writer's closing commit) is skipped; anything else breaks it
        break;
      }
    }
    if (!chain.peek().startsChain()) {
      throw new Broken("the store's commit chain behind " + commit.getSegmentsFileName() + " is not whole ("
          + "the commit " + chain.peek().prev() + " is gone: another process folded it meanwhile); read again");
    }
    CommitLog log = CommitLog.start(chain.pop());
    while (!chain.isEmpty()) {
      log = log.then(chain.pop());
    }
    return log;
  }
}
