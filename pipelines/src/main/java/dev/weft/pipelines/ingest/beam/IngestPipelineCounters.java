package dev.weft.pipelines.ingest.beam;

import dev.weft.transforms.beam.ReadAndChunkFiles;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.metrics.MetricNameFilter;
import org.apache.beam.sdk.metrics.MetricResult;
import org.apache.beam.sdk.metrics.MetricsFilter;

/** Reads the ingest counters of a finished run. */
final class IngestPipelineCounters {
  private IngestPipelineCounters() {}

  /**
   * The value of counter {@code name} of {@link ReadAndChunkFiles}, summed over steps: committed where the
   * runner reports it (Direct), attempted where it does not (Flink reports attempted values only).
   */
  static long counter(PipelineResult result, String name) {
    MetricsFilter filter = MetricsFilter.builder()
        .addNameFilter(MetricNameFilter.named(ReadAndChunkFiles.COUNTER_NAMESPACE, name))
        .build();
    long total = 0;
    for (MetricResult<Long> counter : result.metrics().queryMetrics(filter).getCounters()) {
      total += valueOf(counter);
    }
    return total;
  }

  private static long valueOf(MetricResult<Long> counter) {
    try {
      Long committed = counter.getCommitted();
      return committed == null ? counter.getAttempted() : committed;
    } catch (UnsupportedOperationException e) {
      return counter.getAttempted();
    }
  }
}
