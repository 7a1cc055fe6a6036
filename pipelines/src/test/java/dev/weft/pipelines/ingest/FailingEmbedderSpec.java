package dev.weft.pipelines.ingest;

import dev.weft.context.embed.EmbedFailureReason;
import dev.weft.context.embed.Embedder;
import dev.weft.context.embed.EmbedderIdentity;
import dev.weft.context.embed.EmbedderSpec;
import dev.weft.context.embed.EmbeddingException;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An embedder whose every batch fails for one reason with one message, as an endpoint that is down fails after its
 * retries; it counts the batches it was asked for (in this JVM's copy of the spec).
 *
 * @param threshold failed batches in a row before the run's breaker opens
 */
record FailingEmbedderSpec(EmbedFailureReason reason, int threshold, AtomicInteger calls) implements EmbedderSpec {
  FailingEmbedderSpec(EmbedFailureReason reason, int threshold) {
    this(reason, threshold, new AtomicInteger());
  }

  @Override
  public EmbedderIdentity identity() {
    return EmbeddingIngestTest.HASH.identity();
  }

  @Override
  public int breakerThreshold() {
    return threshold;
  }

  @Override
  public Embedder create() {
    return new Embedder() {
      @Override
      public EmbedderIdentity identity() {
        return EmbeddingIngestTest.HASH.identity();
      }

      @Override
      public List<float[]> embed(List<String> texts) {
        calls.incrementAndGet();
        throw new EmbeddingException(reason, "endpoint http://embed.invalid answered 503 three times");
      }
    };
  }
}
