package dev.weft.index.store;

import java.io.Closeable;
import java.io.IOException;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import org.apache.lucene.index.CorruptIndexException;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexCommit;
import org.apache.lucene.index.IndexFormatTooOldException;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.SearcherFactory;
import org.apache.lucene.search.SearcherManager;
import org.apache.lucene.store.Directory;
import org.apache.lucene.util.IOSupplier;

/**
 * What a store's reads see: always the last commit. Two sources, one at a time:
 *
 * <ul>
 *   <li>the directory, while this store holds no writer: before each read, one listing tells whether another
 *       process committed since, and only then is the commit read ({@link #read});
 *   <li>the writer, while this store keeps one between groups: no other process can commit then, so reads check
 *       nothing, and the group's leader refreshes after each commit ({@link #refreshAfterCommit}) — never between
 *       staging and commit, so nothing uncommitted is seen. The writer's pooled segment readers serve both its
 *       deletes and the reads, so a new segment is opened once, not once for each.
 * </ul>
 *
 * Switching from the writer back to the directory reuses the open segments ({@link #fromDirectory}).
 */
final class StoreSearchers implements Closeable {
  interface SearcherRead<T> {
    T read(StoreView view) throws IOException;
  }

  /** A searcher of one commit, carrying that commit's {@link CommitLog}. */
  private static final class LoggedSearcher extends IndexSearcher {
    private final CommitLog log;

    LoggedSearcher(IndexReader reader, CommitLog log) {
      super(reader);
      this.log = log;
    }
  }

  private final Directory directory;
  /** Sets a torn newest commit point aside ({@link TornCommitPoint}); true when it did. */
  private final IOSupplier<Boolean> repair;

  /**
   * The last log read or committed: a directory reader of that commit or the next one extends it by at most one
   * delta instead of replaying the chain ({@link CommitChain}).
   */
  private volatile CommitLog last = CommitLog.EMPTY;
  /** Searchers of the directory's commits, each with its commit's log. */
  private final SearcherFactory logged = new SearcherFactory() {
    @Override
    public IndexSearcher newSearcher(IndexReader reader, IndexReader previous) throws IOException {
      CommitLog log = CommitChain.logOf(((DirectoryReader) reader).getIndexCommit(), last);
      last = log;
      return new LoggedSearcher(reader, log);
    }
  };
  /** Searchers of the kept writer: their log is {@link #writerLog}, set by the leader after each commit. */
  private final SearcherFactory unlogged = new SearcherFactory() {
    @Override
    public IndexSearcher newSearcher(IndexReader reader, IndexReader previous) {
      return new LoggedSearcher(reader, CommitLog.EMPTY);
    }
  };
  /** Reads take it to pick the source; switching sources takes it exclusively. */
  private final ReentrantReadWriteLock switching = new ReentrantReadWriteLock();
  private SearcherManager current;
  private boolean fromWriter;
  /**
   * While reading through the writer: the log of the last commit. A commit that only carries its log changes no
   * document, so it swaps this instead of reopening the reader; both change together under {@link #switching}.
   */
  private CommitLog writerLog = CommitLog.EMPTY;
  /** The latest commit generation the directory searchers were refreshed for (-1: none yet). */
  private volatile long checkedGeneration = -1;

  StoreSearchers(Directory directory, IOSupplier<Boolean> repair) throws IOException {
    this.directory = directory;
    this.repair = repair;
    this.current = new SearcherManager(directory, logged);
  }

  /** Runs {@code how} against the last commit. */
  <T> T read(SearcherRead<T> how) throws IOException {
    SearcherManager manager;
    IndexSearcher searcher;
    CommitLog log;
    switching.readLock().lock();
    try {
      manager = current;
      if (!fromWriter) {
        seeNewerCommit(manager);
      }
      searcher = manager.acquire();
      log = fromWriter ? writerLog : ((LoggedSearcher) searcher).log;
    } finally {
      switching.readLock().unlock();
    }
    try {
      return how.read(new StoreView(searcher, log));
    } finally {
      // valid even if the manager was switched away and closed meanwhile: the searcher holds its reader
      manager.release(searcher);
    }
  }

  /**
   * Refreshes if the directory names a commit not checked yet (another process's, or the one closing a writer
   * makes): one listing when there is none. Lucene's own check, {@code maybeRefresh}, also reads and parses the
   * latest {@code segments_N}: 40% of a {@code get}'s CPU.
   */
  private void seeNewerCommit(SearcherManager manager) throws IOException {
    long latest = SegmentInfos.getLastCommitGeneration(directory.listAll());
    if (latest != checkedGeneration) {
      try {
        manager.maybeRefreshBlocking();
      } catch (CorruptIndexException | IndexFormatTooOldException e) {
        // another process crashed between a commit point's rename and its fsync: read the commit before it
        if (!repair.get()) {
          throw e;
        }
        manager.maybeRefreshBlocking();
      } catch (CommitChain.Broken e) {
        // the commit listed was folded away while its chain was read: the newer one is whole
        manager.maybeRefreshBlocking();
      }
      // what was listed before the refresh: a commit landing during it is listed, and so refreshed, next time
      checkedGeneration = latest;
    }
  }

  /**
   * Called after each commit, before anything it holds is acknowledged: reads see it from now on.
   *
   * @param log the log the commit carries
   * @param documentsChanged whether the commit wrote documents (a fold); one that only carries its log reopens
   *     nothing while reads go through the writer
   */
  void refreshAfterCommit(CommitLog log, boolean documentsChanged) throws IOException {
    // the directory's reopen of this commit finds its log here instead of replaying the chain
    last = log;
    switching.writeLock().lock();
    try {
      if (documentsChanged || !fromWriter) {
        current.maybeRefreshBlocking();
      }
      writerLog = log;
    } finally {
      switching.writeLock().unlock();
    }
  }

  /**
   * A writer was just opened and will be kept: read through it (it shows the latest commit, nothing staged).
   *
   * @param log the log of that commit
   */
  void fromWriter(IndexWriter writer, CommitLog log) throws IOException {
    switchTo(new SearcherManager(writer, true, false, unlogged), true, log);
  }

  /**
   * The kept writer was closed or rolled back: read the directory's latest commit again, reusing every segment
   * reader the writer's searcher has open.
   */
  void fromDirectory() throws IOException {
    if (!fromWriter) {
      return;
    }
    try {
      // not DirectoryReader.listCommits: it reads every kept commit point, one per write since the last fold
      IndexCommit latest = new NamedCommit(directory,
          SegmentInfos.getLastCommitGeneration(directory.listAll()));
      IndexSearcher searcher = current.acquire();
      DirectoryReader reopened;
      try {
        reopened = DirectoryReader.openIfChanged((DirectoryReader) searcher.getIndexReader(), latest);
      } finally {
        current.release(searcher);
      }
      switchTo(reopened == null ? new SearcherManager(directory, logged) : new SearcherManager(reopened, logged),
          false, CommitLog.EMPTY);
    } catch (IOException | RuntimeException e) {
      // reads must not go on trusting a closed writer's searcher: they refresh, and fail loudly if they cannot
      switching.writeLock().lock();
      try {
        fromWriter = false;
        checkedGeneration = -1;
      } finally {
        switching.writeLock().unlock();
      }
      throw e;
    }
  }

  private void switchTo(SearcherManager next, boolean writer, CommitLog log) throws IOException {
    SearcherManager previous;
    switching.writeLock().lock();
    try {
      previous = current;
      current = next;
      fromWriter = writer;
      writerLog = log;
      checkedGeneration = -1;
    } finally {
      switching.writeLock().unlock();
    }
    previous.close();
  }

  @Override
  public void close() throws IOException {
    switching.writeLock().lock();
    try {
      current.close();
    } finally {
      switching.writeLock().unlock();
    }
  }
}
