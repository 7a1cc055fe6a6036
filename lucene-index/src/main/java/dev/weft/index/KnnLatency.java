package dev.weft.index;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.search.IndexSearcher;

/**
 * Times nearest-neighbour searches of an index's own sampled vectors, each way of searching beside the others in the
 * same run: every query runs once per way (in rotating order, so load that comes and goes is shared out), after
 * one untimed pass that warms the code and the file cache. Wall time and the calling thread's CPU time (a search
 * runs on it): on a shared machine the wall time is mostly the wait for a core, the CPU time the cost.
 */
public final class KnnLatency {
  private KnnLatency() {}

  /** Latency of one way of searching, in milliseconds: wall time, and the median CPU time of the searching thread. */
  public record Figures(KnnSearch search, int queries, double p50Millis, double p95Millis, double cpuP50Millis) {}

  /** One {@link Figures} per way of searching, for the {@code k} nearest of {@code sample} seeded chunk vectors. */
  public static Map<KnnSearch, Figures> measure(IndexReader reader, int sample, int k, long seed) {
    if (k < 1) {
      throw new IllegalArgumentException("k must be at least 1, got: " + k);
    }
    try {
      List<SampledVectors.Sampled> queries = SampledVectors.draw(reader, sample, seed);
      IndexSearcher searcher = new IndexSearcher(reader);
      KnnSearch[] ways = KnnSearch.values();
      for (SampledVectors.Sampled query : queries) {
        for (KnnSearch way : ways) {
          run(searcher, query, k, way);
        }
      }
      ThreadMXBean threads = ManagementFactory.getThreadMXBean();
      long[][] nanos = new long[ways.length][queries.size()];
      long[][] cpu = new long[ways.length][queries.size()];
      for (int q = 0; q < queries.size(); q++) {
        for (int i = 0; i < ways.length; i++) {
          int way = (q + i) % ways.length;
          long cpuStart = threads.getCurrentThreadCpuTime();
          long start = System.nanoTime();
          run(searcher, queries.get(q), k, ways[way]);
          nanos[way][q] = System.nanoTime() - start;
          cpu[way][q] = threads.getCurrentThreadCpuTime() - cpuStart;
        }
      }
      Map<KnnSearch, Figures> figures = new EnumMap<>(KnnSearch.class);
      for (int i = 0; i < ways.length; i++) {
        figures.put(ways[i], figures(ways[i], nanos[i], cpu[i]));
      }
      return figures;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot sample the vectors of " + reader, e);
    }
  }

  private static void run(IndexSearcher searcher, SampledVectors.Sampled query, int k, KnnSearch way) {
    NearestNeighbours.search(searcher, NearestNeighbours.query(query.field(), query.vector(), k, null, way), k);
  }

  static Figures figures(KnnSearch search, long[] nanos, long[] cpuNanos) {
    if (nanos.length == 0) {
      return new Figures(search, 0, 0, 0, 0);
    }
    long[] sorted = nanos.clone();
    Arrays.sort(sorted);
    long[] cpuSorted = cpuNanos.clone();
    Arrays.sort(cpuSorted);
    return new Figures(search, sorted.length, sorted[(sorted.length - 1) / 2] / 1e6,
        sorted[(int) Math.ceil(sorted.length * 0.95) - 1] / 1e6, cpuSorted[(cpuSorted.length - 1) / 2] / 1e6);
  }
}
