package dev.weft.bench;

import dev.weft.bench.eval.BeirCorpus;
import dev.weft.context.Chunk;
import dev.weft.context.IndexLocation;
import dev.weft.context.RecallRequest;
import dev.weft.context.ScratchDirs;
import dev.weft.index.CorpusIndex;
import dev.weft.index.CorpusSearcher;
import dev.weft.index.IndexStats;

import dev.weft.pipelines.Runner;
import dev.weft.pipelines.ingest.IngestReport;
import dev.weft.pipelines.ingest.IngestRequest;
import dev.weft.pipelines.ingest.IngestStamp;
import dev.weft.pipelines.ingest.Ingester;
import dev.weft.transforms.ingest.CorpusLister;
import dev.weft.transforms.ingest.FileOutcome;
import dev.weft.transforms.ingest.FileProcessor;
import dev.weft.transforms.ingest.ListedFile;
import dev.weft.transforms.ingest.SourceReader;
import dev.weft.transforms.route.Router;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.function.LongSupplier;

/**
 * The measurements behind {@code weft bench}. Every throughput figure is printed beside a baseline measured in
 * the same run on the same chunks, and as a ratio, because this machine is small and noisy: absolute numbers
 * drift between runs, ratios much less.
 */
public final class IngestBench implements Bench {
  /**
   * @param corpus the corpus root to index
   * @param runners the executors to measure beside the raw loop
   * @param repeat measured runs per figure (after one warm-up run); the median is printed
   * @param queries recall queries to time
   * @param faq a BEIR folder whose records are written as one Markdown file each and cold-indexed, or null
   */
  public record Options(Path corpus, List<Runner> runners, int repeat, int queries, Path faq) {
    public Options {
      Objects.requireNonNull(corpus, "corpus");
      corpus = corpus.toAbsolutePath().normalize();
      runners = List.copyOf(runners);
      Checks.atLeast("repeat", repeat, 1);
      Checks.atLeast("queries", queries, 1);
    }
  }

  private final Options options;
  private final Path corpus;
  private Path work;
  private final int repeat;
  private PrintWriter out;
  private List<Chunk> chunks = List.of();
  private long sourceBytes;
  private int files;
  private Path servedIndex;
  private List<Double> recallMillis = List.of();

  public IngestBench(Options options) {
    this.options = options;
    this.corpus = options.corpus();
    this.repeat = options.repeat();
  }

  @Override
  public String name() {
    return "bench";
  }

  /** Latency of each timed library recall in ms, in query order; empty until {@link #run} measured them. */
  public List<Double> recallLatenciesMillis() {
    return recallMillis;
  }

  /** Files and chunks of the corpus measured; zero until {@link #run} read it. */
  public Map<String, Long> corpusCounts() {
    Map<String, Long> counts = new LinkedHashMap<>();
    counts.put("files", (long) files);
    counts.put("chunks", (long) chunks.size());
    return counts;
  }

  /** Throughput of each executor, the no-op pass, recall latency, index size and, with a FAQ set, its cold index. */
  @Override
  public int run(Path work, PrintWriter out) throws IOException {
    this.work = work;
    this.out = out;
    throughput(options.runners());
    noOp();
    recall(options.queries());
    size();
    if (options.faq() != null) {
      faq(options.faq());
    }
    out.flush();
    return 0;
  }

  /**
   * Chunks/s and MB/s of each executor beside the raw IndexWriter loop over the same chunks. The raw loop and the
   * executors run in turn, round after round (one warm-up round, then {@code repeat}), and the ratio printed is the
   * median of each round's own ratio: a slow minute of a shared machine then slows a round's baseline and its
   * executors alike, where medians of separate blocks of runs moved the ratio by more than a change did.
   */
  private void throughput(List<Runner> runners) {
    prepareChunks();
    out.printf("corpus\t%s\t%d files\t%d chunks\t%.1f MB%n", corpus, files, chunks.size(), sourceBytes / 1e6);
    long[] raw = new long[repeat];
    long[][] elapsed = new long[runners.size()][repeat];
    double[][] ratios = new double[runners.size()][repeat];
    for (int round = -1; round < repeat; round++) {
      long rawNanos = timed(() -> RawIndexBaseline.write(fresh("raw"), chunks));
      if (round >= 0) {
        raw[round] = rawNanos;
      }
      for (int i = 0; i < runners.size(); i++) {
        Runner runner = runners.get(i);
        Path index = fresh("index-" + runner.id());
        long nanos = timed(() -> ingest(index, runner));
        servedIndex = runner == Runner.INPROCESS ? index : servedIndex;
        if (round >= 0) {
          elapsed[i][round] = nanos;
          ratios[i][round] = (double) rawNanos / nanos;
        }
      }
    }
    out.printf("raw-lucene\t%s%n", rates(median(raw)));
    for (int i = 0; i < runners.size(); i++) {
      out.printf("%s\t%s\tratio-to-raw %.2f%n", runners.get(i).id(), rates(median(elapsed[i])),
          median(ratios[i]));
    }
    if (servedIndex == null) {
      servedIndex = fresh("index-inprocess");
      ingest(servedIndex, Runner.INPROCESS);
    }
  }

  /**
   * A pass over an unchanged corpus (library call, and the whole CLI process) beside a bare walk of the same tree:
   * a no-op pass is mostly one stat per file, whose price is the kernel's and differs from machine to machine
   * (docs/benchmarks.md), so the walk is its baseline in the same run.
   */
  private void noOp() {
    long walked = median(() -> timed(() -> noOpPass(false)));
    long library = median(() -> timed(() -> noOpPass(true)));
    long walk = median(() -> timed(this::walkCorpus));
    out.printf("noop-walk\t%.2f ms\t%.2f ms per 1,000 files\t(Files.walkFileTree reading every entry's "
        + "attributes, one thread)%n", walk / 1e6, walk / 1e6 * 1000 / files);
    out.printf("noop-library-walked\t%.2f ms\t%.2f ms per 1,000 files\t%.2fx the walk\t(every pass walks: a "
        + "process's first pass, a tree no watch covers)%n", walked / 1e6, walked / 1e6 * 1000 / files,
        (double) walked / walk);
    out.printf("noop-library\t%.2f ms\t%.2f ms per 1,000 files\t%.2fx the walk\t(the listing watched between "
        + "passes, as in a long-lived process)%n", library / 1e6, library / 1e6 * 1000 / files,
        (double) library / walk);
    ProcessTimer cli = ProcessTimer.forLauncher();
    if (cli != null) {
      long process = median(() -> cli.time("index", corpus.toString(), "--index", servedIndex.toString(), "--quiet"));
      out.printf("noop-cli-process\t%.0f ms\t%.0f ms per 1,000 files%n", process / 1e6, process / 1e6 * 1000 / files);
    }
  }

  /** p50/p95 over {@code count} queries built from words of the corpus (seeded), after a warm-up. */
  private void recall(int count) {
    List<String> queries = sampleQueries(count + 200);
    try (CorpusIndex index = CorpusIndex.openExisting(IndexLocation.of(servedIndex));
            CorpusSearcher searcher = index.searcher()) {
      for (String q : queries.subList(0, 200)) {
        searcher.recall(RecallRequest.of(q));
      }
      long[] nanos = new long[count];
      for (int i = 0; i < count; i++) {
        String q = queries.get(200 + i);
        long t0 = System.nanoTime();
        searcher.recall(RecallRequest.of(q));
        nanos[i] = System.nanoTime() - t0;
      }
      recallMillis = Arrays.stream(nanos).mapToObj(n -> n / 1e6).toList(); // in query order, for a run report
      Arrays.sort(nanos);
      out.printf("recall-library\tp50 %.2f ms\tp95 %.2f ms\t(%d queries, all kinds, grouped)%n",
          nanos[count / 2] / 1e6, nanos[(int) (count * 0.95)] / 1e6, count);
    }
    ProcessTimer cli = ProcessTimer.forLauncher();
    if (cli != null) {
      cli.time("recall", "warm", "up", "--index", servedIndex.toString());
      long process = median(() -> cli.time("recall", queries.get(0), "--index", servedIndex.toString()));
      out.printf("recall-cli-process\t%.0f ms%n", process / 1e6);
    }
  }

  /** The JDK's own walk of the corpus: every directory listed, every entry's attributes read, nothing else. */
  private void walkCorpus() {
    try {
      Files.walkFileTree(corpus, new SimpleFileVisitor<Path>() {});
    } catch (IOException e) {
      throw new UncheckedIOException("walking " + corpus + ": " + e.getMessage(), e);
    }
  }

  private void size() {
    try (CorpusIndex index = CorpusIndex.openExisting(IndexLocation.of(servedIndex));
            CorpusSearcher searcher = index.searcher()) {
      IndexStats stats = searcher.stats();
      out.printf("index-size\t%.1f MB\t%.2fx source bytes%n", stats.indexBytes() / 1e6,
          (double) stats.indexBytes() / sourceBytes);
    }
  }

  /** Cold index of a BEIR corpus written out as one Markdown file per document. */
  private void faq(Path beir) throws IOException {
    Path root = Files.createDirectories(work.resolve("faq-files"));
    int written = BeirCorpus.writeMarkdownFiles(beir, root).size();
    long elapsed = median(() -> timed(() -> ingestRoot(root, fresh("faq-index"), Runner.INPROCESS)));
    out.printf("faq-cold\t%d files\t%.0f ms\t%.0f files/s%n", written, elapsed / 1e6, written / (elapsed / 1e9));
  }

  private void prepareChunks() {
    Router router = Router.defaults();
    List<ListedFile> listed = new CorpusLister(router, null).list(corpus);
    FileProcessor processor = new FileProcessor(corpus.toString(), router, SourceReader.withDefaults(),
        IngestStamp.CURRENT);
    List<Chunk> all = new ArrayList<>();
    long bytes = 0;
    for (ListedFile file : listed) {
      if (processor.process(file.path()) instanceof FileOutcome.Chunked c) {
        all.addAll(c.chunks());
        bytes += c.state().size();
      }
    }
    chunks = all;
    sourceBytes = bytes;
    files = listed.size();
  }

  private void noOpPass(boolean watchListing) {
    IngestReport report = new Ingester().run(IngestRequest.directory(corpus, IndexLocation.of(servedIndex))
        .runner(Runner.INPROCESS).watchListing(watchListing).build());
    if (report.published()) {
      throw new IllegalStateException("a no-op pass published generation " + report.generation());
    }
  }

  private IngestReport ingest(Path index, Runner runner) {
    return ingestRoot(corpus, index, runner);
  }

  private static IngestReport ingestRoot(Path root, Path index, Runner runner) {
    return new Ingester().run(IngestRequest.directory(root, IndexLocation.of(index)).runner(runner).build());
  }

  private List<String> sampleQueries(int count) {
    Random random = new Random(42);
    List<String> queries = new ArrayList<>(count);
    while (queries.size() < count) {
      String[] words = chunks.get(random.nextInt(chunks.size())).text().split("[^A-Za-z]+");
      int wanted = 1 + random.nextInt(3);
      List<String> picked = new ArrayList<>();
      for (int tries = 0; tries < 20 && words.length > 0 && picked.size() < wanted; tries++) {
        String w = words[random.nextInt(words.length)];
        if (w.length() >= 4) {
          picked.add(w);
        }
      }
      if (!picked.isEmpty()) {
        queries.add(String.join(" ", picked));
      }
    }
    return queries;
  }

  private String rates(long nanos) {
    double seconds = nanos / 1e9;
    return String.format("%.0f ms\t%.0f chunks/s\t%.2f MB/s", nanos / 1e6, chunks.size() / seconds,
        sourceBytes / 1e6 / seconds);
  }

  private Path fresh(String name) {
    Path dir = work.resolve(name);
    ScratchDirs.deleteOrFail(dir);
    return dir;
  }

  private static long median(long[] samples) {
    long[] sorted = samples.clone();
    Arrays.sort(sorted);
    return sorted[sorted.length / 2];
  }

  private static double median(double[] samples) {
    double[] sorted = samples.clone();
    Arrays.sort(sorted);
    return sorted[sorted.length / 2];
  }

  /** One unmeasured warm-up run (JIT), then the median of {@code repeat} measured runs. */
  private long median(LongSupplier run) {
    run.getAsLong();
    long[] samples = new long[repeat];
    for (int i = 0; i < repeat; i++) {
      samples[i] = run.getAsLong();
    }
    return median(samples);
  }

  private static long timed(Runnable run) {
    long t0 = System.nanoTime();
    run.run();
    return System.nanoTime() - t0;
  }
}
