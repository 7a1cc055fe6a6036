package dev.weft.bench;

import dev.weft.context.IndexLocation;
import dev.weft.index.CorpusIndex;
import dev.weft.index.CorpusSearcher;
import dev.weft.index.KnnLatency;
import dev.weft.index.KnnSearch;
import dev.weft.index.SelfRecall;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code weft bench --vectors INDEX}: how trustworthy and how fast the served generation's nearest-neighbour search
 * is. Self-recall@10 (sampled chunks searched with their own vectors, against exact search) as recall serves it and
 * through the HNSW graph alone, then the latency of served, graph-only and exact search on the same queries.
 */
public final class VectorBench {
  private static final int K = 10;
  private static final long SEED = 42;

  private final Path indexDir;
  private final int queries;

  /** Over {@code queries} sampled chunks of the index in {@code indexDir}; nothing is opened yet. */
  public VectorBench(Path indexDir, int queries) {
    this.indexDir = indexDir.toAbsolutePath().normalize();
    this.queries = Checks.atLeast("queries", queries, 1);
  }

  /** Prints the figures; the index is only read. */
  public void run(PrintWriter out) {
    try (CorpusIndex index = CorpusIndex.openExisting(IndexLocation.of(indexDir));
            CorpusSearcher searcher = index.searcher()) {
      List<Integer> segments = searcher.vectorsPerSegment();
      long vectors = segments.stream().mapToLong(Integer::longValue).sum();
      out.printf(Locale.ROOT, "vectors\t%s\tgeneration %d\t%d vectors in %d segments\tlargest %s%n", indexDir,
          searcher.generation().generation(), vectors, segments.size(), segments.isEmpty() ? "-" : segments.get(0));
      if (segments.isEmpty()) {
        out.println("vectors\tnone: index with --embedder first");
        out.flush();
        return;
      }
      for (KnnSearch search : List.of(KnnSearch.SERVED, KnnSearch.GRAPH)) {
        SelfRecall recall = searcher.selfRecall(queries, K, SEED, search);
        out.printf(Locale.ROOT, "self-recall@%d\t%s\t%.4f\t%d of %d neighbours, %d chunks sampled%n", K,
            name(search), recall.recall(), recall.found(), (long) recall.sampled() * K, recall.sampled());
      }
      Map<KnnSearch, KnnLatency.Figures> latency = searcher.knnLatency(queries, K, SEED);
      double exactP50 = latency.get(KnnSearch.EXACT).p50Millis();
      double exactCpu = latency.get(KnnSearch.EXACT).cpuP50Millis();
      for (KnnLatency.Figures figures : latency.values()) {
        out.printf(Locale.ROOT, "knn-latency@%d\t%s\tp50 %.2f ms\tp95 %.2f ms\t%.2fx exact p50\tcpu p50 %.2f ms"
            + "\t%.2fx exact cpu\t%d queries%n", K, name(figures.search()), figures.p50Millis(), figures.p95Millis(),
            figures.p50Millis() / exactP50, figures.cpuP50Millis(), figures.cpuP50Millis() / exactCpu,
            figures.queries());
      }
      out.flush();
    }
  }

  private static String name(KnnSearch search) {
    return search.name().toLowerCase(Locale.ROOT);
  }
}
