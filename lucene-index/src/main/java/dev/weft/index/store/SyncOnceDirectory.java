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
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FilterDirectory;
import org.apache.lucene.store.IOContext;
import org.apache.lucene.store.IndexOutput;

/**
 * Fsyncs each file once, and the files of one sync concurrently.
 *
 * <p>Once: Lucene 9's {@code IndexWriter.commit()} asks to sync every file of every segment of the commit, and
 * {@code FSDirectory} fsyncs them all, so a store committing after each small write paid one fsync per file of
 * every segment, again and again. Lucene's files are written once and never changed, so a file synced once stays
 * durable: this syncs only names not synced since they were last created here. A name created or deleted through
 * this directory is forgotten, so a reused name is synced again; files another process created were synced by
 * that process before its commit named them.
 *
 * <p>Concurrently: what is left — the new segment's files and the live-docs files of segments that lost a
 * document — is fsynced from a small pool at once rather than one after another. On ext4 concurrent fsyncs share
 * one journal commit (5 files one after another ~16 ms here, the same 5 at once ~1 ms). Every file is synced, each
 * failure is reported (the first thrown, the others suppressed, each naming its file), a file is recorded as
 * synced only when its fsync returned, and a sync that does not return within the deadline fails the commit
 * rather than hang it.
 */
final class SyncOnceDirectory extends FilterDirectory {
  static final int THREADS = 8;
  static final Duration DEADLINE = Duration.ofSeconds(60);

  private final Set<String> synced = ConcurrentHashMap.newKeySet();
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
    return super.createOutput(name, context);
  }

  @Override
  public void deleteFile(String name) throws IOException {
    synced.remove(name);
    super.deleteFile(name);
  }

  @Override
  public void rename(String source, String dest) throws IOException {
    synced.remove(dest);
    boolean wasSynced = synced.remove(source);
    super.rename(source, dest);
    // a rename moves the synced bytes; the directory entry itself is made durable by syncMetaData
    if (wasSynced) {
      synced.add(dest);
    }
  }

  @Override
  public void sync(Collection<String> names) throws IOException {
    List<String> pending = new ArrayList<>();
    for (String name : new LinkedHashSet<>(names)) {
      if (!synced.contains(name)) {
        pending.add(name);
      }
    }
    if (pending.size() <= 1) {
      super.sync(pending);
      synced.addAll(pending);
      return;
    }
    List<Future<?>> running = new ArrayList<>(pending.size());
    for (String name : pending) {
      running.add(pool.submit(() -> {
        in.sync(List.of(name));
        return null;
      }));
    }
    awaitAll(pending, running);
  }

  /** Waits for every fsync (none is skipped when one fails), records those done, throws what failed. */
  private void awaitAll(List<String> names, List<Future<?>> running) throws IOException {
    long end = System.nanoTime() + deadline.toNanos();
    IOException failure = null;
    for (int i = 0; i < names.size(); i++) {
      String name = names.get(i);
      try {
        running.get(i).get(Math.max(0, end - System.nanoTime()), TimeUnit.NANOSECONDS);
        synced.add(name);
      } catch (ExecutionException e) {
        failure = first(failure, new IOException("cannot fsync " + name + ": " + e.getCause(), e.getCause()));
      } catch (TimeoutException e) {
        failure = first(failure, new IOException("the fsync of " + name + " did not finish within "
            + deadline.toMillis() + " ms; the disk is not answering — check it, then retry"));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        InterruptedIOException stop = new InterruptedIOException("interrupted while fsyncing " + name);
        if (failure != null) {
          stop.addSuppressed(failure);
        }
        throw stop;
      }
    }
    if (failure != null) {
      throw failure;
    }
  }

  private static IOException first(IOException failure, IOException next) {
    if (failure == null) {
      return next;
    }
    failure.addSuppressed(next);
    return failure;
  }

  @Override
  public void close() throws IOException {
    pool.shutdown();
    super.close();
  }
}
