package dev.weft.pipelines.ingest;

import dev.weft.context.DeadLetter;
import dev.weft.index.IndexUpdate;
import dev.weft.transforms.ingest.FileOutcome;
import dev.weft.transforms.ingest.FileProcessor;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Runs a change set on threads in this JVM: each worker takes the next path, runs {@link FileProcessor} and
 * hands the chunks to the (thread-safe) index writer. Workers pull from a shared cursor so a few large files
 * do not leave a core idle.
 */
final class InProcessExecutor {
  private final int threads;

  InProcessExecutor(int threads) {
    if (threads < 1) {
      throw new IllegalArgumentException("threads must be at least 1, got: " + threads);
    }
    this.threads = threads;
  }

  ChunkRun run(List<String> paths, FileProcessor processor, IndexUpdate update, Set<String> previouslyIndexed,
      IngestProgress progress) {
    AtomicInteger cursor = new AtomicInteger();
    AtomicLong chunks = new AtomicLong();
    AtomicLong empty = new AtomicLong();
    Set<String> chunked = Collections.synchronizedSet(new HashSet<>());
    List<DeadLetter> deadLetters = Collections.synchronizedList(new ArrayList<>());
    Runnable worker = () -> {
      for (int i = cursor.getAndIncrement(); i < paths.size(); i = cursor.getAndIncrement()) {
        String path = paths.get(i);
        FileOutcome outcome = processor.process(path);
        if (outcome instanceof FileOutcome.Chunked c) {
          if (previouslyIndexed.contains(path)) {
            update.replace(c.state(), c.chunks());
          } else {
            update.add(c.state(), c.chunks());
          }
          chunked.add(path);
          chunks.addAndGet(c.chunks().size());
          if (c.chunks().isEmpty()) {
            empty.incrementAndGet();
          }
          progress.fileDone(c.chunks().size());
        } else {
          deadLetters.add(((FileOutcome.Refused) outcome).deadLetter());
          if (previouslyIndexed.contains(path)) {
            update.delete(path); // its old chunks no longer describe the file
          }
          progress.fileDone(0);
        }
      }
    };
    int workers = Math.min(threads, Math.max(1, paths.size()));
    if (workers == 1) {
      worker.run();
    } else {
      runOnPool(worker, workers);
    }
    return new ChunkRun(chunked, chunks.get(), empty.get(), List.copyOf(deadLetters));
  }

  private static void runOnPool(Runnable worker, int workers) {
    ExecutorService pool = Executors.newFixedThreadPool(workers, r -> {
      Thread t = new Thread(r, "weft-ingest");
      t.setDaemon(true);
      return t;
    });
    try {
      List<Future<?>> futures = new ArrayList<>();
      for (int i = 0; i < workers; i++) {
        futures.add(pool.submit(worker));
      }
      for (Future<?> future : futures) {
        future.get();
      }
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof RuntimeException re) {
        throw re;
      }
      if (cause instanceof Error err) {
        throw err;
      }
      throw new IllegalStateException("ingest worker failed", cause);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("ingest interrupted", e);
    } finally {
      pool.shutdownNow();
    }
  }
}
