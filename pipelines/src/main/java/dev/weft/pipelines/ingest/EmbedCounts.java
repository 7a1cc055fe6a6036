package dev.weft.pipelines.ingest;

import dev.weft.transforms.vectors.ChunkEmbedder;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/** What embedding did in one run, summed over threads. */
final class EmbedCounts {
  final AtomicLong embedded = new AtomicLong();
  final AtomicLong reused = new AtomicLong();
  final AtomicLong failed = new AtomicLong();
  final AtomicLong truncated = new AtomicLong();
  final AtomicReference<String> lastError = new AtomicReference<>();

  void add(ChunkEmbedder.Result result) {
    embedded.addAndGet(result.embedded());
    reused.addAndGet(result.reused());
    failed.addAndGet(result.failed());
    if (result.lastError() != null) {
      lastError.set(result.lastError());
    }
  }
}
