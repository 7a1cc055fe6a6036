package dev.weft.index.store;

import com.fasterxml.jackson.databind.JsonNode;
import dev.weft.context.error.IndexDamagedException;
import dev.weft.context.error.ReadOnlyStoreException;
import dev.weft.context.error.StorageFailureException;
import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.LongSupplier;
import org.apache.lucene.index.CorruptIndexException;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexFormatTooNewException;
import org.apache.lucene.index.IndexFormatTooOldException;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.Term;
import org.apache.lucene.store.Directory;

/**
 * The writing side of a {@link LuceneStore}, and the {@link GroupCommit.Processor} of its mutates. A group is
 * applied under the directory's {@code write.lock}: its mutates run in queue order against the last commit plus
 * what their predecessors in the group staged, and everything staged lands in exactly one {@link
 * IndexWriter#commit()}. A mutate whose callback throws, or whose {@code next} is refused, stages nothing and is
 * answered with its failure; its neighbours go on. If the commit fails, nothing of the group is acknowledged.
 */
final class StoreWriter implements GroupCommit.Processor, Closeable {
  private final Path dir;
  private final StoreDirectory stack;
  private final Directory directory;
  /** Under {@link #directory}: deletes wait for no commit while a writer is kept. */
  private final BackgroundDeleteDirectory deletes;
  /** Under {@link #directory}: a commit is durable once its fsyncs, started by Lucene, are waited for here. */
  private final SyncOnceDirectory syncs;
  private final LuceneStoreOptions options;
  private final StoreSearchers searchers;
  private final IdleScheduler scheduler;
  private final LongSupplier nanoClock;
  /** The next fold's segment, built off the committing thread while the writer is kept. */
  private final FoldAhead foldAhead;
  /** Held by a group's leader and by the idle release: the writer is used by one of them at a time. */
  private final ReentrantLock using = new ReentrantLock();
  /** Kept between groups until {@link LuceneStoreOptions#writerIdle()} passes without one. */
  private IndexWriter writer;
  private long lastUsed;
  private boolean releaseScheduled;
  private boolean closed;
  /** The log the last commit carries (see {@link CommitLog}); read from the commit when a writer opens. */
  private CommitLog committedLog = CommitLog.EMPTY;
  private volatile long commits;
  private volatile long folds;

  /** Opens the store in {@code directory}, creating an empty one (one commit) when there is none. */
  StoreWriter(Path dir, StoreDirectory directory, LuceneStoreOptions options) {
    this(dir, directory, options, IdleScheduler.daemon(), System::nanoTime, FoldAhead.daemon());
  }

  StoreWriter(Path dir, StoreDirectory directory, LuceneStoreOptions options, IdleScheduler scheduler,
      LongSupplier nanoClock) {
    this(dir, directory, options, scheduler, nanoClock, FoldAhead.daemon());
  }

  StoreWriter(Path dir, StoreDirectory directory, LuceneStoreOptions options, IdleScheduler scheduler,
      LongSupplier nanoClock, FoldAhead foldAhead) {
    this.dir = dir;
    this.stack = directory;
    this.directory = directory.top();
    this.deletes = directory.deletes();
    this.syncs = directory.syncs();
    this.options = options;
    this.scheduler = scheduler;
    this.nanoClock = nanoClock;
    this.foldAhead = foldAhead;
    try {
      // a crash between the newest commit point's rename and its fsync: back to the commit before it
      TornCommitPoint.setAsideIfTorn(directory, options.lockWait());
      if (!DirectoryReader.indexExists(this.directory)) {
        try (IndexWriter created = openWriter()) {
          // another process may have created it while this one waited for the lock: commit is a no-op then
          created.commit();
          syncs.awaitSynced();
          commits++;
        }
      }
      this.searchers = new StoreSearchers(this.directory,
          () -> TornCommitPoint.setAsideIfTorn(directory, options.lockWait()));
    } catch (CorruptIndexException | IndexFormatTooOldException | IndexFormatTooNewException | EOFException
        | NoSuchFileException e) {
      throw new IndexDamagedException(dir, "the store " + dir + " cannot be read (" + e.getMessage() + "); "
          + "nothing was changed — move the directory aside and restore it from a backup, or delete it to start "
          + "an empty store", e);
    } catch (IOException e) {
      throw new StorageFailureException(dir, "cannot open the store " + dir + ": " + e.getMessage()
          + "; check the directory's permissions and free space, then retry", e);
    }
  }

  /** Whether the current thread is inside a mutation's callback (which must not call the store). */
  static boolean inMutation() {
    return GroupStaging.inMutation();
  }

  StoreSearchers searchers() {
    return searchers;
  }

  /** Commits holding writes made since this store was opened (the creating commit included; folds not). */
  long commits() {
    return commits;
  }

  /** Commits that folded the log into documents since this store was opened. */
  long folds() {
    return folds;
  }

  @Override
  public void process(List<PendingMutate<?>> group) {
    using.lock();
    try {
      processHolding(group);
    } finally {
      using.unlock();
    }
  }

  private void processHolding(List<PendingMutate<?>> group) {
    List<Runnable> acknowledgements = new ArrayList<>(group.size());
    SortedMap<String, Optional<JsonNode>> staged = new TreeMap<>();
    try {
      checkOpen();
      IndexWriter writing;
      try {
        writing = writer();
      } catch (ReadOnlyStoreException e) {
        // no writer can ever run here: reads answer from the last commit, writes are refused
        ReadOnlyReads.answer(group, searchers, e);
        return;
      }
      // the last commit, this process's or (read after taking the lock) another's
      searchers.read(view -> {
        for (PendingMutate<?> mutate : group) {
          GroupStaging.stage(mutate, view, staged, acknowledgements);
        }
        return null;
      });
      if (!staged.isEmpty()) {
        CommitLog.Next next = committedLog.next(staged);
        Optional<FoldAhead.Built> built = foldAhead.take(next.log());
        if (built.isPresent()) {
          foldBuilt(writing, built.get(), next.log());
        } else if (next.log().full() && (!keepsWriter() || foldAhead.failed() || next.log().overdue())) {
          // no kept writer to build ahead for, a failed build, or one that is too slow: fold here, as before
          fold(writing, next.log());
        } else {
          writing.setLiveCommitData(next.userData().entrySet());
          commit(writing, next.log(), false);
          if (next.log().full()) {
            foldAhead.start(next.log());
          }
        }
        commits++;
      }
    } catch (IOException | RuntimeException e) {
      abandon(e);
      RuntimeException failure = failure(group.size(), e);
      for (PendingMutate<?> mutate : group) {
        if (!mutate.done()) {
          mutate.fail(failure);
        }
      }
      return;
    }
    acknowledgements.forEach(Runnable::run);
    afterUse();
  }

  /** After a group or a folded read: closes the writer, or schedules the idle check that will. */
  private void afterUse() {
    lastUsed = nanoClock.getAsLong();
    if (!keepsWriter()) {
      release();
    } else if (!releaseScheduled) {
      releaseScheduled = true;
      scheduler.schedule(this::releaseIfIdle, options.writerIdle());
    }
  }

  /**
   * Runs {@code how} against a commit whose log is empty: folds the last commit's log into documents first when
   * it holds any writes (one commit). Ranking reads need this: BM25 and the vectors see documents only. Holding
   * the writer from the fold to the read, no commit of this process or another comes between. A read-only store
   * (no writer can open, so none can commit either) folds for this read only, in memory ({@link ReadOnlyReads}).
   */
  <T> T foldedRead(StoreSearchers.SearcherRead<T> how) throws IOException {
    using.lock();
    try {
      checkOpen();
      T answer;
      try {
        IndexWriter writing;
        try {
          writing = writer();
        } catch (ReadOnlyStoreException e) {
          // no writer can ever run here, so no fold either: this read folds the last commit's log in memory
          return searchers.read(view -> ReadOnlyReads.folded(view, how));
        }
        if (!committedLog.isEmpty()) {
          fold(writing, committedLog);
        }
        answer = searchers.read(how);
      } catch (IOException | RuntimeException e) {
        abandon(e);
        throw e;
      }
      afterUse();
      return answer;
    } finally {
      using.unlock();
    }
  }

  /**
   * One commit that replaces the snapshot keys' documents with the segment built ahead and carries, as its log,
   * only what was written since the snapshot ({@link FoldAhead}).
   */
  private void foldBuilt(IndexWriter writing, FoldAhead.Built built, CommitLog log) throws IOException {
    try (Directory segment = built.segment()) {
      writing.deleteDocuments(built.snapshot().keySet().stream().map(StoreDocuments::keyTerm).toArray(Term[]::new));
      // addIndexes applies the buffered deletes before it adds the segment, so they spare its documents
      writing.addIndexes(segment);
    }
    CommitLog.Next rest = CommitLog.restart(FoldAhead.rest(log, built));
    writing.setLiveCommitData(rest.userData().entrySet());
    commit(writing, rest.log(), true);
    folds++;
  }

  /** One commit that writes {@code log} into documents and carries an empty log. */
  private void fold(IndexWriter writing, CommitLog log) throws IOException {
    foldAhead.drop();
    for (Map.Entry<String, Optional<JsonNode>> entry : log.entries().entrySet()) {
      if (entry.getValue().isPresent()) {
        writing.updateDocument(StoreDocuments.keyTerm(entry.getKey()),
            StoreDocuments.document(entry.getKey(), entry.getValue().get()));
      } else {
        writing.deleteDocuments(StoreDocuments.keyTerm(entry.getKey()));
      }
    }
    // no log: the chain ends here, and the next commit starts another
    writing.setLiveCommitData(Map.<String, String>of().entrySet());
    commit(writing, CommitLog.EMPTY, true);
    folds++;
  }

  private void commit(IndexWriter writing, CommitLog carried, boolean documentsChanged) throws IOException {
    writing.commit();
    // the directory sync after the commit point: durable before anything is acknowledged
    syncs.awaitSynced();
    committedLog = carried;
    searchers.refreshAfterCommit(carried, documentsChanged);
  }

  private void checkOpen() {
    if (closed) {
      throw new IllegalStateException("the store " + dir + " is closed; nothing was written — open it again");
    }
  }

  /** The scheduled check: closes the writer if no group used it for the idle time, else checks again later. */
  void releaseIfIdle() {
    using.lock();
    try {
      releaseScheduled = false;
      if (writer == null) {
        return;
      }
      long idleFor = nanoClock.getAsLong() - lastUsed;
      long idle = options.writerIdle().toNanos();
      if (idleFor >= idle) {
        release();
      } else {
        releaseScheduled = true;
        scheduler.schedule(this::releaseIfIdle, Duration.ofNanos(idle - idleFor));
      }
    } finally {
      using.unlock();
    }
  }

  private boolean keepsWriter() {
    return !options.writerIdle().isZero();
  }

  /** The writer, opened (waiting for the lock) when there is none; a kept one serves the reads too. */
  private IndexWriter writer() throws IOException {
    if (writer == null) {
      writer = openWriter();
      // the reads still go to the directory: refreshed to its newest commit, the one this writer opened
      committedLog = searchers.read(StoreView::log);
      if (keepsWriter()) {
        searchers.fromWriter(writer, committedLog);
        deletes.deferDeletes();
      }
    }
    return writer;
  }

  private IndexWriter openWriter() throws IOException {
    return StoreIndexWriters.open(dir, stack, options.lockWait());
  }

  /** Closes the writer after a committed group, letting its merges land, and releases the lock. */
  private void release() {
    IndexWriter closing = writer;
    writer = null;
    // another process may commit and fold once the lock is free: a snapshot of this log would no longer apply
    foldAhead.drop();
    if (closing == null) {
      return;
    }
    try {
      // no delete of this process may be left once another can take the lock (and reuse a name)
      deletes.deleteNow();
      closing.close();
      // closing committed only what merges made of durable commits: its last directory sync is not waited on
      syncs.forgetSyncs();
    } catch (IOException | RuntimeException e) {
      // every write is already durable; what failed is a merge or its commit, which the next writer redoes
      rollback(closing, e);
    }
    readDirectory(null);
  }

  /** Back to reading the directory once the writer is gone; a failure there fails the reads, not silently. */
  private void readDirectory(Exception cause) {
    try {
      searchers.fromDirectory();
    } catch (IOException | RuntimeException e) {
      if (cause != null) {
        cause.addSuppressed(e);
      }
    }
  }

  /** Drops everything uncommitted (the failed group's staging) and the lock; the next group opens anew. */
  private void abandon(Exception cause) {
    IndexWriter dropping = writer;
    writer = null;
    foldAhead.drop();
    if (dropping != null) {
      try {
        deletes.deleteNow();
      } catch (IOException | RuntimeException e) {
        cause.addSuppressed(e);
      }
      rollback(dropping, cause);
      syncs.forgetSyncs();
      readDirectory(cause);
    }
  }

  private static void rollback(IndexWriter writer, Exception cause) {
    try {
      writer.rollback();
    } catch (IOException | RuntimeException e) {
      cause.addSuppressed(e);
    }
  }

  private RuntimeException failure(int size, Exception e) {
    if (e instanceof RuntimeException runtime && !(e instanceof java.io.UncheckedIOException)) {
      return runtime;
    }
    return new StorageFailureException(dir, "cannot commit " + size + " mutate(s) to the store " + dir + ": "
        + e.getMessage() + "; none of them was acknowledged, and the store holds all of them or none — check the "
        + "disk (space, permissions) and retry", e);
  }

  @Override
  public void close() throws IOException {
    using.lock();
    try {
      closed = true;
      release();
    } finally {
      using.unlock();
      try {
        scheduler.close();
        foldAhead.close();
      } finally {
        searchers.close();
      }
    }
  }
}
