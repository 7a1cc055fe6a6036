package dev.weft.pipelines.ingest;

import dev.weft.context.DeadLetter;
import dev.weft.transforms.vectors.ChunkEmbedder;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/** What embedding did in one run, summed over threads, with one dead letter per chunk left without a vector. */
public final class EmbedCounts {
  final AtomicLong embedded = new AtomicLong();
  final AtomicLong reused = new AtomicLong();
  final AtomicLong failed = new AtomicLong();
  final AtomicLong truncated = new AtomicLong();
  final List<DeadLetter> failures = Collections.synchronizedList(new ArrayList<>());

  /** Counts a Beam run summed over its workers, for the report a run in this JVM also gives. */
  public static EmbedCounts of(long embedded, long reused, long failed, long truncated, List<DeadLetter> failures) {
    EmbedCounts counts = new EmbedCounts();
    counts.embedded.set(embedded);
    counts.reused.set(reused);
    counts.failed.set(failed);
    counts.truncated.set(truncated);
    counts.failures.addAll(failures);
    return counts;
  }

  void add(ChunkEmbedder.Result result) {
    embedded.addAndGet(result.embedded());
    reused.addAndGet(result.reused());
    failed.addAndGet(result.failed());
    failures.addAll(result.failures());
  }

  List<DeadLetter> failures() {
    synchronized (failures) {
      return List.copyOf(failures);
    }
  }

  List<EmbedFailureSummary> summaries() {
    return EmbedFailureSummary.of(failures());
  }
}
