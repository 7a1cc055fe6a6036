package dev.weft.bench;

import dev.weft.context.EmbeddedText;
import dev.weft.context.IndexLocation;
import dev.weft.context.IngestCounters;
import dev.weft.context.QueryVector;
import dev.weft.context.RecallMode;
import dev.weft.context.RecallRequest;
import dev.weft.context.ScratchDirs;
import dev.weft.context.embed.Embedder;
import dev.weft.index.CorpusIndex;
import dev.weft.index.CorpusSearcher;
import dev.weft.models.EmbedderSpecs;
import dev.weft.models.onnx.OnnxEmbedderSpec;
import dev.weft.models.onnx.OnnxModel;
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
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Random;
import java.util.concurrent.ExecutionException;

/**
 * The embedding figures of {@code weft bench --embed}: the ingest pipeline's embedding throughput beside a raw
 * langchain4j ONNX loop over the very same chunk texts in the same run, the process's peak resident memory,
 * and hybrid recall latency with and without embedding the query.
 */
public final class EmbedBench implements Bench {
  /** The in-process executor's worker count, which the raw session loop matches. */
  private static final int THREADS = Runtime.getRuntime().availableProcessors();

  /**
   * @param corpus the corpus whose files are copied until they hold {@code chunks} chunks
   * @param model the in-process model to embed with
   * @param chunks chunks to embed
   * @param rawPassages time the raw baselines on the first this many of those chunks only; null: all of them
   * @param queries hybrid recall queries to time
   */
  public record Options(Path corpus, OnnxModel model, int chunks, Integer rawPassages, int queries) {
    public Options {
      Objects.requireNonNull(corpus, "corpus");
      Objects.requireNonNull(model, "model");
      corpus = corpus.toAbsolutePath().normalize();
      Checks.atLeast("embed-chunks", chunks, 1);
      if (rawPassages != null) {
        Checks.atLeast("embed-raw-passages", rawPassages, 1);
      }
      Checks.atLeast("queries", queries, 1);
    }
  }

  private final Options options;

  public EmbedBench(Options options) {
    this.options = options;
  }

  /**
   * The in-process model an embedder spec names, in the syntax of every other command; only those have a raw ONNX
   * loop to compare with.
   */
  public static OnnxModel model(String spec) {
    if (!(EmbedderSpecs.parse(spec) instanceof OnnxEmbedderSpec onnx)) {
      throw new IllegalArgumentException("--embed must be minilm or bge-small, got: " + spec);
    }
    return onnx.model();
  }

  @Override
  public String name() {
    return "bench";
  }

  /**
   * Copies files of the corpus until they hold the asked number of chunks, then measures on them; the raw
   * baselines run on the first {@code rawPassages} of them (all when null).
   */
  @Override
  public int run(Path work, PrintWriter out) throws IOException {
    OnnxModel model = options.model();
    Path sample = Files.createDirectories(work.resolve("embed-sample"));
    List<String> texts = copySample(sample, options.chunks());
    if (texts.isEmpty()) {
      throw new IllegalArgumentException("no file of " + options.corpus() + " gave a chunk to embed; give --corpus "
          + "a directory with files Weft indexes");
    }
    Integer rawPassages = options.rawPassages();
    List<String> rawTexts = rawPassages == null ? texts : texts.subList(0, Math.min(rawPassages, texts.size()));
    double raw = OnnxRawLoop.passagesPerSecond(model, rawTexts);
    double session = sessionLoop(rawTexts);
    long rawPeak = peakRssBytes();
    Path index = work.resolve("embed-index");
    ScratchDirs.deleteOrFail(index);
    long t0 = System.nanoTime();
    IngestReport report = new Ingester().run(IngestRequest.directory(sample,
        IndexLocation.of(index)).runner(Runner.INPROCESS)
        .embedder(new OnnxEmbedderSpec(model)).build());
    double seconds = (System.nanoTime() - t0) / 1e9;
    double pipeline = report.counter(IngestCounters.EMBEDDED) / seconds;
    out.printf("embed-raw-onnx\t%s\t%d passages\t%.1f passages/s (langchain4j's loop)\t%.1f passages/s (Weft's "
        + "session, texts alone, %d threads)%n", model.name().toLowerCase(), rawTexts.size(), raw, session, THREADS);
    out.printf("embed-pipeline\t%s\t%d embedded\t%.1f chunks/s (whole ingest)\tratio-to-langchain4j-loop %.2f"
        + "\tratio-to-session-loop %.2f\ttruncated %d%n", model.name().toLowerCase(),
        report.counter(IngestCounters.EMBEDDED),
        pipeline, pipeline / raw, pipeline / session, report.counter(IngestCounters.TRUNCATED));
    out.printf("peak-rss\t%.0f MB after the raw loop\t%.0f MB after the pipeline (%d chunks embedded)\tmax heap %.0f MB%n",
        rawPeak / 1e6, peakRssBytes() / 1e6, report.counter(IngestCounters.EMBEDDED),
        Runtime.getRuntime().maxMemory() / 1e6);
    hybridLatency(index, texts, options.queries(), out);
    out.flush();
    return 0;
  }

  /** Weft's session in a raw loop on as many threads as the in-process executor has workers. */
  private double sessionLoop(List<String> texts) {
    try {
      return OnnxRawLoop.sessionPassagesPerSecond(options.model(), texts, THREADS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while timing the raw session loop", e);
    } catch (ExecutionException e) {
      throw new IllegalStateException("raw session loop failed: " + e.getCause(), e.getCause());
    }
  }

  private void hybridLatency(Path index, List<String> texts, int count, PrintWriter out) {
    List<String> queries = sampleQueries(texts, count + 50);
    OnnxEmbedderSpec spec = new OnnxEmbedderSpec(options.model());
    try (CorpusIndex ci = CorpusIndex.openExisting(IndexLocation.of(index)); CorpusSearcher searcher = ci.searcher();
        Embedder embedder = spec.create()) {
      long[] recallOnly = new long[count];
      long[] withEmbedding = new long[count];
      for (int i = 0; i < queries.size(); i++) {
        String q = queries.get(i);
        long t0 = System.nanoTime();
        QueryVector vector = new QueryVector(spec.identity(), embedder.embed(List.of(q)).get(0));
        long t1 = System.nanoTime();
        searcher.recall(RecallRequest.of(q).withMode(RecallMode.HYBRID), vector);
        long t2 = System.nanoTime();
        if (i >= 50) { // the first 50 warm the JIT and the model
          recallOnly[i - 50] = t2 - t1;
          withEmbedding[i - 50] = t2 - t0;
        }
      }
      Arrays.sort(recallOnly);
      Arrays.sort(withEmbedding);
      out.printf("hybrid-recall\tp50 %.2f ms\tp95 %.2f ms\t(excluding query embedding, %d queries)%n",
          recallOnly[count / 2] / 1e6, recallOnly[(int) (count * 0.95)] / 1e6, count);
      out.printf("hybrid-recall\tp50 %.2f ms\tp95 %.2f ms\t(including query embedding)%n",
          withEmbedding[count / 2] / 1e6, withEmbedding[(int) (count * 0.95)] / 1e6);
    }
  }

  private List<String> copySample(Path sample, int chunkTarget) throws IOException {
    Router router = Router.defaults();
    Path corpus = options.corpus();
    FileProcessor processor = new FileProcessor(corpus.toString(), router, SourceReader.withDefaults(),
        IngestStamp.CURRENT);
    List<String> texts = new ArrayList<>();
    for (ListedFile file : new CorpusLister(router, null).list(corpus)) {
      if (texts.size() >= chunkTarget) {
        break;
      }
      if (processor.process(file.path()) instanceof FileOutcome.Chunked c) {
        // what ingest embeds (a code chunk's header included), so the raw loop runs the very same texts
        c.chunks().forEach(chunk -> texts.add(EmbeddedText.of(chunk)));
        Path target = sample.resolve(file.path());
        Files.createDirectories(target.getParent());
        Files.copy(corpus.resolve(file.path()), target);
      }
    }
    return texts;
  }

  private static List<String> sampleQueries(List<String> texts, int count) {
    Random random = new Random(7);
    List<String> queries = new ArrayList<>(count);
    while (queries.size() < count) {
      String[] words = texts.get(random.nextInt(texts.size())).split("[^A-Za-z]+");
      StringBuilder q = new StringBuilder();
      for (int tries = 0; tries < 12 && words.length > 0 && q.length() < 30; tries++) {
        String w = words[random.nextInt(words.length)];
        if (w.length() >= 4) {
          q.append(q.length() == 0 ? "" : " ").append(w);
        }
      }
      if (q.length() > 0) {
        queries.add(q.toString());
      }
    }
    return queries;
  }

  /** VmHWM of this process (Linux), the peak resident set; 0 where /proc is not there. */
  static long peakRssBytes() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
        if (line.startsWith("VmHWM:")) {
          return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
        }
      }
    } catch (IOException | NumberFormatException e) {
      return 0; // not Linux: the figure is left out rather than guessed
    }
    return 0;
  }
}
