package dev.weft.transforms.vectors;

import dev.weft.context.embed.EmbeddingException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Stops a run from calling a failing embedder: after {@code threshold} failed batches in a row it opens and stays
 * open for the rest of the run, so a dead endpoint costs a few deadlines instead of one per batch. One per run,
 * shared by the embedding threads (thread-safe); a success closes the count again only while it is not open.
 * Under concurrency "in a row" is in completion order, which is what matters: the endpoint failed that often
 * with nothing succeeding in between.
 */
public final class CircuitBreaker {
  private final int threshold;
  private final AtomicInteger failuresInARow = new AtomicInteger();
  /** The message that opened the breaker; null while it is closed. */
  private final AtomicReference<String> openedBy = new AtomicReference<>();

  public CircuitBreaker(int threshold) {
    if (threshold < 1) {
      throw new IllegalArgumentException(
          "failed batches before the breaker opens must be at least 1, got: " + threshold);
    }
    this.threshold = threshold;
  }

  public int threshold() {
    return threshold;
  }

  public boolean isOpen() {
    return openedBy.get() != null;
  }

  /** Why batches are no longer sent, for the dead letters of the chunks they would have held. */
  public String openMessage() {
    String cause = openedBy.get();
    return cause == null ? null : "not sent: the embedder failed " + threshold + " batches in a row, so this run "
        + "stopped calling it (last: " + cause + "); run weft embed-missing once it works again";
  }

  public void recordSuccess() {
    failuresInARow.set(0);
  }

  public void recordFailure(EmbeddingException failure) {
    if (failuresInARow.incrementAndGet() >= threshold) {
      openedBy.compareAndSet(null, failure.reason().code() + ": " + failure.getMessage());
    }
  }
}
