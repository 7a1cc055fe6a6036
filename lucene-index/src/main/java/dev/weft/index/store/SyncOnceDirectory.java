package dev.weft.index.store;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.lucene.index.IndexFileNames;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FilterDirectory;
import org.apache.lucene.store.IOContext;
import org.apache.lucene.store.IndexOutput;

/**
 * Fsyncs each file once, the files of a commit concurrently, and all of them before the commit point.
 *
 * <p>Once: Lucene 9's {@code IndexWriter.commit()} asks to sync every file of every segment of the commit, and
 * {@code FSDirectory} fsyncs them all, so a store committing after each small write paid one fsync per file of
 * every segment, again and again. Lucene's files are written once and never changed, so a file synced once stays
 * durable: this syncs only names not synced since they were last created here. A name created or deleted through
 * this directory is forgotten, so a reused name is synced again; files another process created were synced by
 * that process before its commit named them.
 *
 * <p>Concurrently: a commit asks, one after another, to sync the new segment's files (and the live-docs files of
 * segments that lost a document), then the directory, then {@code pending_segments_N}; then it renames that to
 * {@code segments_N} — the commit point — and syncs the directory again. Here each sync only starts its fsyncs, on
 * a small pool, and the rename first waits for every fsync started: so the four rounds of fsyncs before the commit
 * point become one (on ext4 concurrent fsyncs share a journal commit: 5 files one after another ~16 ms here, at
 * once ~1 ms), and nothing the commit names can be missing after a crash, as before. The store waits for the last
 * directory sync ({@link #awaitSynced}) before it acknowledges the commit. Every fsync is waited for even when one
 * fails, each failure names its file (the first thrown, the others suppressed), a file is recorded as synced only
 * once its fsync returned, and fsyncs that do not finish within the deadline fail the commit rather than hang it.
 *
 * <p>Directory fsyncs only when an entry changed: Lucene syncs the directory before it writes {@code
 * pending_segments_N} (so files created earlier are listed durably before a commit point names them) and after the
 * rename. A commit that carries only its commit point ({@link CommitLog}) created nothing since the last rename's
 * directory fsync but the pending file itself, whose entry the fsync after its rename makes durable; so the first
 * directory fsync is skipped when no file other than a commit file was created or renamed since the last one
 * started. Deletions need no fsync: a deleted file that reappears after a crash is one no commit names, which
 * Lucene deletes when it next opens the index.
 *
 * <p>The commit point is fsynced after its rename, together with the directory. Lucene fsyncs {@code
 * pending_segments_N}, renames it and fsyncs the directory: two journal commits one after the other, the whole
 * cost of a commit that carries only its commit point. Here the sync Lucene asks for before the rename is held
 * back, and the rename starts the fsync of {@code segments_N} beside the directory fsync Lucene asks for right
 * after it: on ext4 both wait for the same journal commit, so a commit costs one. Until both are done the
 * commit is not acknowledged; a crash in between can leave {@code segments_N} renamed but not whole, which
 * Lucene refuses to open. So the store keeps the commit before the last ({@link KeepPreviousCommit}) and sets a
 * torn newest commit point aside when it opens ({@link TornCommitPoint}): what it then holds is the last
 * acknowledged commit or the one after it, never part of one. (Lucene's two-phase {@code prepareCommit} is not
 * used by the store: a prepared commit point here is not durable until it is renamed.)
 *
 * <p>Over the commit-point journal ({@link CommitPointJournalDirectory}, below this in the store's stack) the
 * commit point is a record: its rename appends it and changes no directory entry (so it does not make the next
 * directory sync necessary), and the sync started after the rename forces the journal — the fdatasync the store
 * waits for, on this pool with this deadline. A torn newest commit point is then a record that is not there.
 */
final class SyncOnceDirectory extends FilterDirectory {
  static final int THREADS = 8;
  static final Duration DEADLINE = Duration.ofSeconds(60);

  private record InFlight(String what, Future<?> done) {}

  private final Set<String> synced = ConcurrentHashMap.newKeySet();
  /** Guarded by this: the {@code pending_segments_N} Lucene asked to sync, fsynced once renamed. */
  private String heldCommitPoint;
  /** Guarded by this: the commit point renamed since the last wait, whose fsyncs are not yet waited for. */
  private String renamedCommitPoint;
  /** Whether an entry was created or renamed since the last directory fsync started. */
  private final AtomicBoolean entriesChanged = new AtomicBoolean(true);
  /** Guarded by this: fsyncs started and not yet waited for. */
  private final List<InFlight> inFlight = new ArrayList<>();
  private final ExecutorService pool;
  private final Duration deadline;

  SyncOnceDirectory(Directory in) {
    this(in, THREADS, DEADLINE);
  }

  /** With {@code threads} fsyncing at most at once, each sync allowed {@code deadline}. */
  SyncOnceDirectory(Directory in, int threads, Duration deadline) {
    super(in);
    if (threads < 1) {
      throw new IllegalArgumentException("the sync threads must be at least 1, got: " + threads);
    }
    this.deadline = deadline;
    AtomicInteger count = new AtomicInteger();
    ThreadPoolExecutor executor = new ThreadPoolExecutor(threads, threads, 30, TimeUnit.SECONDS,
        new LinkedBlockingQueue<>(), task -> {
          Thread thread = new Thread(task, "weft-store-fsync-" + count.incrementAndGet());
          thread.setDaemon(true);
          return thread;
        });
    // idle stores keep no threads
    executor.allowCoreThreadTimeOut(true);
    this.pool = executor;
  }

  @Override
  public IndexOutput createOutput(String name, IOContext context) throws IOException {
    synced.remove(name);
    if (!name.startsWith(IndexFileNames.PENDING_SEGMENTS)) {
      entriesChanged.set(true);
    }
    return super.createOutput(name, context);
  }

  @Override
  public IndexOutput createTempOutput(String prefix, String suffix, IOContext context) throws IOException {
    entriesChanged.set(true);
    return super.createTempOutput(prefix, suffix, context);
  }

  @Override
  public void deleteFile(String name) throws IOException {
    synced.remove(name);
    synchronized (this) {
      if (name.equals(heldCommitPoint)) {
        heldCommitPoint = null;
      }
    }
    super.deleteFile(name);
  }

  /** Lucene's commit point ({@code pending_segments_N} to {@code segments_N}): only once every sync is durable. */
  @Override
  public void rename(String source, String dest) throws IOException {
    awaitSynced();
    synced.remove(dest);
    boolean wasSynced = synced.remove(source);
    boolean held;
    synchronized (this) {
      held = source.equals(heldCommitPoint);
      if (held) {
        heldCommitPoint = null;
      }
    }
    if (!source.startsWith(IndexFileNames.PENDING_SEGMENTS)) {
      // a commit point's rename appends a journal record (CommitPointJournalDirectory): no directory entry changes
      entriesChanged.set(true);
    }
    super.rename(source, dest);
    // a rename moves the synced bytes; the directory entry itself is made durable by syncMetaData
    if (wasSynced) {
      synced.add(dest);
    } else if (held) {
      synchronized (this) {
        renamedCommitPoint = dest;
      }
      // beside the directory fsync that follows: one journal commit makes the bytes and the name durable
      start(dest, () -> {
        in.sync(List.of(dest));
        synced.add(dest);
      });
    }
  }

  @Override
  public void sync(Collection<String> names) throws IOException {
    for (String name : new LinkedHashSet<>(names)) {
      if (name.startsWith(IndexFileNames.PENDING_SEGMENTS)) {
        synchronized (this) {
          heldCommitPoint = name;
        }
      } else if (!synced.contains(name)) {
        start(name, () -> {
          in.sync(List.of(name));
          synced.add(name);
        });
      }
    }
  }

  @Override
  public void syncMetaData() throws IOException {
    if (entriesChanged.getAndSet(false)) {
      start("the directory", () -> {
        try {
          in.syncMetaData();
        } catch (IOException | RuntimeException e) {
          // what it covered is not known to be durable: the next commit fsyncs the directory again
          entriesChanged.set(true);
          throw e;
        }
      });
    }
  }

  private interface Fsync {
    void run() throws IOException;
  }

  private synchronized void start(String what, Fsync fsync) {
    inFlight.add(new InFlight(what, pool.submit(() -> {
      fsync.run();
      return null;
    })));
  }

  /**
   * Waits until every fsync started so far is done (none is skipped when one fails) and throws what failed, each
   * failure naming its file: after this, everything Lucene asked to sync is durable.
   */
  void awaitSynced() throws IOException {
    List<InFlight> waiting;
    String renamed;
    synchronized (this) {
      waiting = new ArrayList<>(inFlight);
      inFlight.clear();
      renamed = renamedCommitPoint;
      renamedCommitPoint = null;
    }
    long end = System.nanoTime() + deadline.toNanos();
    IOException failure = null;
    for (InFlight each : waiting) {
      try {
        each.done().get(Math.max(0, end - System.nanoTime()), TimeUnit.NANOSECONDS);
      } catch (ExecutionException e) {
        failure = first(failure, new IOException("cannot fsync " + each.what() + ": " + e.getCause(), e.getCause()));
      } catch (TimeoutException e) {
        failure = first(failure, new IOException("the fsync of " + each.what() + " did not finish within "
            + deadline.toMillis() + " ms; the disk is not answering — check it, then retry"));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        InterruptedIOException stop = new InterruptedIOException("interrupted while fsyncing " + each.what());
        if (failure != null) {
          stop.addSuppressed(failure);
        }
        throw stop;
      }
    }
    if (failure != null) {
      if (renamed != null) {
        unpublish(renamed, failure);
      }
      throw failure;
    }
  }

  /**
   * A commit point whose fsyncs failed after its rename was not acknowledged: removed, as Lucene removes one
   * whose directory sync fails after the rename, so no read (of this process or another) goes on seeing it and the
   * commit before it, kept by {@link KeepPreviousCommit}, is the newest again.
   */
  private void unpublish(String commitPoint, IOException failure) {
    synced.remove(commitPoint);
    try {
      in.deleteFile(commitPoint);
      in.syncMetaData();
    } catch (IOException | RuntimeException e) {
      failure.addSuppressed(e);
    }
  }

  /** Waits for the fsyncs started so far and drops their failures: the commit they were for was abandoned. */
  void forgetSyncs() {
    try {
      awaitSynced();
    } catch (IOException e) {
      // each failed file belongs to the abandoned commit, which no commit names; the caller reports that failure
    }
  }

  private static IOException first(IOException failure, IOException next) {
    if (failure == null) {
      return next;
    }
    failure.addSuppressed(next);
    return failure;
  }

  /** A store closes this after its writer: every commit it acknowledged was waited for already. */
  @Override
  public void close() throws IOException {
    try {
      forgetSyncs();
    } finally {
      pool.shutdown();
      super.close();
    }
  }
}
