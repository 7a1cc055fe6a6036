package dev.weft.bench;

import dev.weft.bench.ledger.Latencies;
import dev.weft.context.IndexLocation;
import dev.weft.context.Kind;
import dev.weft.context.RecallRequest;
import dev.weft.context.impact.Impact;
import dev.weft.index.ChunkScan;
import dev.weft.index.CorpusIndex;
import dev.weft.index.CorpusSearcher;
import dev.weft.index.SymbolLookup;
import dev.weft.transforms.impact.ImpactAnalyzer;
import java.util.Optional;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * {@code weft bench impact --index INDEX}: the latency of {@code impact(symbol)} over a seeded sample of the
 * symbols the index's code defines, beside BM25 recall of the same names in the same run (the baseline: what an
 * agent would otherwise ask first). Each symbol is timed once after one untimed pass over the sample, so both
 * figures are of a warm process and a warm page cache.
 */
public final class ImpactBench implements Bench {
  /** @param symbols how many defined symbols to sample; @param seed the sample's seed */
  public record Options(Path index, int symbols, long seed) {
    public Options {
      Checks.atLeast("symbols", symbols, 1);
      index = index.toAbsolutePath().normalize();
    }
  }

  private final Options options;

  public ImpactBench(Options options) {
    this.options = options;
  }

  @Override
  public String name() {
    return "impact";
  }

  @Override
  public int run(Path work, PrintWriter out) {
    List<String> defined = definedSymbols();
    List<String> sample = sample(defined);
    try (CorpusIndex index = CorpusIndex.openExisting(IndexLocation.of(options.index()))) {
      for (String symbol : sample) {
        impact(index, symbol);
        recall(index, symbol);
      }
      long[] impactNanos = new long[sample.size()];
      long[] recallNanos = new long[sample.size()];
      int[] refCounts = new int[sample.size()];
      Map<String, Integer> risks = new TreeMap<>();
      for (int i = 0; i < sample.size(); i++) {
        long start = System.nanoTime();
        Impact impact = impact(index, sample.get(i)).orElseThrow(() -> new IllegalStateException(
            "a symbol the index defines has no impact; the index changed during the bench?"));
        impactNanos[i] = System.nanoTime() - start;
        refCounts[i] = impact.refCount();
        risks.merge(impact.risk().id(), 1, Integer::sum);
        start = System.nanoTime();
        recall(index, sample.get(i));
        recallNanos[i] = System.nanoTime() - start;
      }
      Latencies impact = Latencies.of(impactNanos);
      Latencies recall = Latencies.of(recallNanos);
      Arrays.sort(refCounts);
      out.printf(Locale.ROOT, "impact\t%s\t%d symbols sampled of %d defined\tseed %d%n", options.index(),
          sample.size(), defined.size(), options.seed());
      out.printf(Locale.ROOT, "impact-latency\tp50 %.2f ms\tp95 %.2f ms\tmax %.2f ms%n", impact.p50Millis(),
          impact.p95Millis(), max(impactNanos) / 1e6);
      out.printf(Locale.ROOT, "recall-latency\tp50 %.2f ms\tp95 %.2f ms\t(baseline: bm25 recall of the same name)%n",
          recall.p50Millis(), recall.p95Millis());
      out.printf(Locale.ROOT, "impact/recall\tp50 %.2fx\tp95 %.2fx%n", impact.p50Millis() / recall.p50Millis(),
          impact.p95Millis() / recall.p95Millis());
      out.printf(Locale.ROOT, "refCount\tp50 %d\tp95 %d\tmax %d\trisk %s%n", refCounts[(refCounts.length - 1) / 2],
          refCounts[(int) Math.ceil(refCounts.length * 0.95) - 1], refCounts[refCounts.length - 1], risks);
      out.flush();
    }
    return 0;
  }

  /** As {@code Weft.impact} computes it: a searcher of the served generation per call. */
  private static Optional<Impact> impact(CorpusIndex index, String symbol) {
    try (CorpusSearcher searcher = index.searcher()) {
      return new ImpactAnalyzer(SymbolLookup.of(searcher)).impact(symbol);
    }
  }

  /** The baseline: bm25 recall of the name over code, as {@code Weft.recall} runs it. */
  private static void recall(CorpusIndex index, String symbol) {
    try (CorpusSearcher searcher = index.searcher()) {
      searcher.recall(new RecallRequest(symbol, Set.of(Kind.CODE), 10, true));
    }
  }

  /** Every distinct symbol of a code chunk, sorted (so the seeded sample does not depend on index order). */
  private List<String> definedSymbols() {
    Set<String> symbols = new TreeSet<>();
    try (ChunkScan scan = ChunkScan.open(IndexLocation.of(options.index()))) {
      scan.forEach(entry -> {
        String symbol = entry.chunk().symbol();
        if (entry.chunk().kind() == Kind.CODE && symbol != null && symbol.matches("[\\p{L}_$][\\p{L}\\p{N}_$]*")) {
          symbols.add(symbol);
        }
      });
    }
    if (symbols.isEmpty()) {
      throw new IllegalArgumentException("the index " + options.index() + " defines no code symbol; index a source"
          + " tree first (weft index ROOT --index " + options.index() + ")");
    }
    return new ArrayList<>(symbols);
  }

  private List<String> sample(List<String> defined) {
    List<String> shuffled = new ArrayList<>(defined);
    Collections.shuffle(shuffled, new Random(options.seed()));
    return shuffled.subList(0, Math.min(options.symbols(), shuffled.size()));
  }

  private static long max(long[] values) {
    long max = 0;
    for (long value : values) {
      max = Math.max(max, value);
    }
    return max;
  }
}
