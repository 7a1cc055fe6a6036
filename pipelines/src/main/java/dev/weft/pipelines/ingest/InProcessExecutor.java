package dev.weft.pipelines.ingest;

import dev.weft.context.DeadLetter;
import dev.weft.index.IndexUpdate;
import dev.weft.transforms.ingest.FileOutcome;
import dev.weft.transforms.ingest.FileProcessor;
import dev.weft.transforms.vectors.ChunkEmbedder;
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
import java.util.function.Supplier;

/**
 * Runs a change set on threads in this JVM: each worker takes the next path, runs {@link FileProcessor} and
 * hands the chunks to the (thread-safe) index writer. Workers pull from a shared cursor so a few large files
 * do not leave a core idle. With embeddings on, each worker gathers files until it holds a batch of chunks,
 * embeds them on its own thread (one embedder per worker) and then writes those files with their vectors.
 *
 * <p>A worker that runs out of paths writes one of the writer's buffered segments before it stops, and the last one
 * to stop writes what is left: otherwise the commit writes every buffer on one thread while the other core idles.
 */
final class InProcessExecutor {
  private final int threads;

  InProcessExecutor(int threads) {
    if (threads < 1) {
      throw new IllegalArgumentException("threads must be at least 1, got: " + threads);
    }
    this.threads = threads;
  }

  /** @param embedders one {@link ChunkEmbedder} per worker, or null to index without vectors */
  ChunkRun run(List<String> paths, FileProcessor processor, IndexUpdate update, Set<String> previouslyIndexed,
      IngestProgress progress, Supplier<ChunkEmbedder> embedders, int embedBatchChunks, ParquetExport export) {
    Shared shared = new Shared(paths, processor, update, previouslyIndexed, progress, export);
    Runnable worker = () -> new Worker(shared, embedders == null ? null : embedders.get(), embedBatchChunks).run();
    int workers = Math.min(threads, Math.max(1, paths.size()));
    shared.running.set(workers);
    if (workers == 1) {
      worker.run();
    } else {
      runOnPool(worker, workers);
    }
    return new ChunkRun(shared.chunked, shared.chunks.get(), shared.empty.get(), List.copyOf(shared.deadLetters),
        shared.embed);
  }

  /** What the workers share: the cursor, the writer and the tallies. */
  private static final class Shared {
    final List<String> paths;
    final FileProcessor processor;
    final IndexUpdate update;
    final Set<String> previouslyIndexed;
    final IngestProgress progress;
    final AtomicInteger cursor = new AtomicInteger();
    final AtomicLong chunks = new AtomicLong();
    final AtomicLong empty = new AtomicLong();
    final Set<String> chunked = Collections.synchronizedSet(new HashSet<>());
    final List<DeadLetter> deadLetters = Collections.synchronizedList(new ArrayList<>());
    final EmbedCounts embed = new EmbedCounts();
    final ParquetExport export;
    final AtomicInteger running = new AtomicInteger();

    Shared(List<String> paths, FileProcessor processor, IndexUpdate update, Set<String> previouslyIndexed,
        IngestProgress progress, ParquetExport export) {
      this.export = export;
      this.paths = paths;
      this.processor = processor;
      this.update = update;
      this.previouslyIndexed = previouslyIndexed;
      this.progress = progress;
    }
  }

  private static final class Worker {
    private final Shared shared;
    private final EmbeddingWriter writer;

    Worker(Shared shared, ChunkEmbedder embedder, int batchChunks) {
      this.shared = shared;
      this.writer = new EmbeddingWriter(shared.update, embedder, batchChunks, shared.embed,
          shared.previouslyIndexed::contains, this::written, shared.export);
    }

    void run() {
      try {
        for (int i = shared.cursor.getAndIncrement(); i < shared.paths.size(); i = shared.cursor.getAndIncrement()) {
          String path = shared.paths.get(i);
          FileOutcome outcome = shared.processor.process(path);
          if (outcome instanceof FileOutcome.Chunked c) {
            writer.accept(c);
          } else {
            shared.deadLetters.add(((FileOutcome.Refused) outcome).deadLetter());
            if (shared.previouslyIndexed.contains(path)) {
              shared.update.delete(path); // its old chunks no longer describe the file
            }
            shared.progress.fileDone(0);
          }
        }
      } finally {
        writer.close();
      }
      if (shared.running.decrementAndGet() > 0) {
        shared.update.flushBuffered(); // while the others still index
      } else {
        // the last worker leaves nothing buffered for the commit's single thread; flushBuffered alone is not enough,
        // a segment another worker is still writing is only published once a full flush waits for it
        shared.update.flushAll();
      }
    }

    private void written(FileOutcome.Chunked c) {
      shared.chunked.add(c.path());
      shared.chunks.addAndGet(c.chunks().size());
      if (c.chunks().isEmpty()) {
        shared.empty.incrementAndGet();
      }
      shared.progress.fileDone(c.chunks().size());
    }
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
