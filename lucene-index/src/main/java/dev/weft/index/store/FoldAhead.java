package dev.weft.index.store;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.Directory;

/**
 * Builds the next fold's segment off the committing thread, so the commit that drops the log pays one small step
 * instead of indexing every logged key.
 *
 * <p>Once the log is full ({@link CommitLog#full}) the {@link StoreWriter} hands a snapshot of it here and goes on
 * committing log-only commits. A background thread indexes the snapshot's values into a segment of its own, in a
 * private in-memory directory that no commit, reader or other process sees (so a crash during the build loses
 * nothing: the store's commits never named it). When it is built, the next group's commit deletes the document of
 * every snapshot key, adds the built segment ({@code IndexWriter.addIndexes}, which copies its files) and carries
 * as its log only the keys whose value changed since the snapshot — still exactly one {@code IndexWriter.commit()}.
 *
 * <p>Why that is the same state: what a store holds is a commit's documents overlaid by that commit's log. The
 * log only grows between folds of one kept writer, so every snapshot key is still logged when the build is used;
 * a key whose logged value is the snapshot's now has that value as its document, and every other logged key stays
 * in the log, which overrides its document. A build is dropped (and the next fold happens as before, on the
 * committing thread) whenever that reasoning could fail: the writer is released or rolled back (another process
 * may commit and fold meanwhile), or the log no longer holds a snapshot key.
 *
 * <p>Used under the writer's lock ({@code StoreWriter.using}); only the build itself runs elsewhere.
 */
final class FoldAhead implements Closeable {
  /** What {@link #take} hands the committing thread: the snapshot and its segment, in its own directory. */
  record Built(SortedMap<String, Optional<JsonNode>> snapshot, Directory segment) {}

  private record Building(SortedMap<String, Optional<JsonNode>> snapshot, CompletableFuture<Directory> done) {}

  private final Executor executor;
  private final Closeable stop;
  private Building building;

  /** Builds on one daemon thread of its own, started at the first build and gone 30 s after the last. */
  static FoldAhead daemon() {
    ThreadPoolExecutor pool = new ThreadPoolExecutor(1, 1, 30, TimeUnit.SECONDS, new LinkedBlockingQueue<>(),
        task -> {
          Thread thread = new Thread(task, "weft-store-fold");
          thread.setDaemon(true);
          return thread;
        });
    pool.allowCoreThreadTimeOut(true);
    return new FoldAhead(pool, ((ExecutorService) pool)::shutdownNow);
  }

  /** Builds on {@code executor}: a test's hand decides when a build runs. */
  FoldAhead(Executor executor, Closeable stop) {
    this.executor = executor;
    this.stop = stop;
  }

  /** Starts building the segment of {@code log}'s values, unless a build is under way or waiting to be taken. */
  void start(CommitLog log) {
    if (building != null) {
      return;
    }
    SortedMap<String, Optional<JsonNode>> snapshot = log.entries();
    CompletableFuture<Directory> done = new CompletableFuture<>();
    building = new Building(snapshot, done);
    try {
      executor.execute(() -> {
        try {
          done.complete(build(snapshot));
        } catch (RuntimeException | Error e) {
          done.completeExceptionally(e);
        }
      });
    } catch (RejectedExecutionException e) {
      // the commit that filled the log is durable already: the next one folds on its own thread instead
      done.completeExceptionally(e);
    }
  }

  /** Whether a build was started and has neither been taken nor dropped. */
  boolean started() {
    return building != null;
  }

  /** Whether the build failed: the caller folds on its own thread, which reports what is really wrong. */
  boolean failed() {
    return building != null && building.done().isCompletedExceptionally();
  }

  /**
   * The finished build, if there is one and it still applies to {@code log} (every snapshot key still logged);
   * it is then the caller's to add and close. A build that no longer applies is dropped.
   */
  Optional<Built> take(CommitLog log) {
    if (building == null || !building.done().isDone() || building.done().isCompletedExceptionally()) {
      return Optional.empty();
    }
    Building taken = building;
    building = null;
    Directory segment = taken.done().join();
    if (!log.entries().keySet().containsAll(taken.snapshot().keySet())) {
      closeQuietly(segment);
      return Optional.empty();
    }
    return Optional.of(new Built(taken.snapshot(), segment));
  }

  /** Drops the build under way or finished (a release, a rollback, a fold on the committing thread). */
  void drop() {
    Building dropping = building;
    building = null;
    if (dropping != null) {
      // a build still running closes nothing of the store: its directory is dropped when it finishes
      dropping.done().thenAccept(FoldAhead::closeQuietly);
    }
  }

  /**
   * The log a commit adding {@code built} carries: the keys of {@code log} whose value is not the snapshot's
   * (written since the snapshot was taken), in key order.
   */
  static SortedMap<String, Optional<JsonNode>> rest(CommitLog log, Built built) {
    SortedMap<String, Optional<JsonNode>> rest = new TreeMap<>();
    for (Map.Entry<String, Optional<JsonNode>> entry : log.entries().entrySet()) {
      if (!entry.getValue().equals(built.snapshot().get(entry.getKey()))) {
        rest.put(entry.getKey(), entry.getValue());
      }
    }
    return rest;
  }

  /** One segment holding the document of every value in {@code snapshot} (deletions hold none). */
  static Directory build(SortedMap<String, Optional<JsonNode>> snapshot) {
    ByteBuffersDirectory segment = new ByteBuffersDirectory();
    IndexWriterConfig config = StoreIndexWriters.segmentConfig();
    try (IndexWriter writer = new IndexWriter(segment, config)) {
      for (Map.Entry<String, Optional<JsonNode>> entry : snapshot.entrySet()) {
        if (entry.getValue().isPresent()) {
          writer.addDocument(StoreDocuments.document(entry.getKey(), entry.getValue().get()));
        }
      }
      writer.commit();
    } catch (IOException e) {
      closeQuietly(segment);
      throw new UncheckedIOException("cannot build the fold's segment in memory: " + e.getMessage(), e);
    }
    return segment;
  }

  private static void closeQuietly(Directory directory) {
    try {
      directory.close();
    } catch (IOException e) {
      // an in-memory directory: closing frees buffers and cannot lose anything of the store
    }
  }

  @Override
  public void close() throws IOException {
    drop();
    stop.close();
  }
}
