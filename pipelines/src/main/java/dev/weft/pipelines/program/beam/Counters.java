package dev.weft.pipelines.program.beam;

import dev.weft.transforms.beam.MapWithModel;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.metrics.MetricNameFilter;
import org.apache.beam.sdk.metrics.MetricResult;
import org.apache.beam.sdk.metrics.MetricsFilter;

/** A program pipeline's counters, summed over the steps that report them. */
final class Counters {
  private Counters() {}

  static long of(PipelineResult result, String name) {
    long sum = 0;
    for (MetricResult<Long> counter : result.metrics().queryMetrics(MetricsFilter.builder()
        .addNameFilter(MetricNameFilter.named(MapWithModel.NAMESPACE, name)).build()).getCounters()) {
      // committed where the runner has it (a retried bundle counts once), attempted otherwise
      Long committed = committedOrNull(counter);
      sum += committed != null ? committed : counter.getAttempted();
    }
    return sum;
  }

  private static Long committedOrNull(MetricResult<Long> counter) {
    try {
      return counter.getCommitted();
    } catch (UnsupportedOperationException e) {
      return null;
    }
  }
}
