package dev.weft.bench;

import ai.djl.huggingface.tokenizers.Encoding;
import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import ai.onnxruntime.OrtException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.weft.models.onnx.Langchain4jModels;
import dev.weft.models.onnx.LoadedOnnxModel;
import dev.weft.models.onnx.OnnxEmbedder;
import dev.weft.models.onnx.OnnxModel;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The baselines for "embedding throughput in the pipeline vs a raw ONNX loop". {@link #passagesPerSecond} is
 * langchain4j's own {@code embedAll} on the calling thread (one session call per text), with no Weft code. The
 * raw batched loop is the library's tokenizer (truncating at the model's limit) and one padded session call per
 * {@value #RAW_BATCH} passages in input order, on the same session Weft uses. Every side times an already loaded
 * model: the one-off load (a few seconds) is done before the clock starts.
 *
 * <p>{@code main} measures both models in alternating blocks of {@value #BLOCK} passages, on 1 or more calling
 * threads, each thread embedding the whole block:
 * {@code java -cp ... dev.weft.transforms.embed.OnnxRawLoop corpus.jsonl [passages=500] [chars=500] [threads=1]}.
 */
public final class OnnxRawLoop {
  private static final int WARM_UP = 16;
  private static final int BLOCK = 64;
  private static final int RAW_BATCH = 32;
  private static final List<String> SIDES =
      List.of("raw langchain4j", "raw batched", "weft batch 32", "weft batch 64");

  private OnnxRawLoop() {}

  /** Passages per second of a raw langchain4j loop over {@code passages}. */
  public static double passagesPerSecond(OnnxModel model, List<String> passages) {
    EmbeddingModel raw = Langchain4jModels.of(model, Runnable::run);
    List<TextSegment> segments = passages.stream().map(TextSegment::from).toList();
    raw.embedAll(segments.subList(0, Math.min(WARM_UP, segments.size())));
    long start = System.nanoTime();
    raw.embedAll(segments);
    return perSecond(passages.size(), System.nanoTime() - start);
  }

  /**
   * Passages per second of a raw loop on Weft's own session, one passage per call as Weft runs them (truncated by
   * the library's tokenizer, no cutting at word ends, no counting, no batches), split over {@code threads} calling
   * threads as the pipeline spreads its workers over the cores: the baseline for the pipeline's own overhead.
   */
  public static double sessionPassagesPerSecond(OnnxModel model, List<String> passages, int threads)
      throws InterruptedException, ExecutionException {
    if (threads < 1) {
      throw new IllegalArgumentException("threads must be at least 1, got: " + threads);
    }
    LoadedOnnxModel loaded = LoadedOnnxModel.get(model);
    HuggingFaceTokenizer truncating = truncatingTokenizer(model);
    rawAlone(loaded, truncating, passages.subList(0, Math.min(WARM_UP, passages.size())));
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      long start = System.nanoTime();
      List<Future<?>> running = new ArrayList<>(threads);
      for (int t = 0; t < threads; t++) {
        // every thread-th passage, so long and short passages spread evenly
        List<String> share = new ArrayList<>();
        for (int i = t; i < passages.size(); i += threads) {
          share.add(passages.get(i));
        }
        running.add(pool.submit(() -> rawAlone(loaded, truncating, share)));
      }
      for (Future<?> future : running) {
        future.get();
      }
      return perSecond(passages.size(), System.nanoTime() - start);
    } finally {
      pool.shutdown();
    }
  }

  private static void rawAlone(LoadedOnnxModel loaded, HuggingFaceTokenizer tokenizer, List<String> passages) {
    for (String passage : passages) {
      try {
        loaded.embed(List.of(tokenizer.encode(passage).getIds()), 1);
      } catch (OrtException e) {
        throw new IllegalStateException("raw session loop failed: " + e.getMessage(), e);
      }
    }
  }

  /**
   * Up to {@code count} passages of exactly {@code chars} characters: the {@code text} of the first JSONL records
   * (BEIR corpus layout) that are at least that long, cut to it.
   */
  public static List<String> passages(Path corpusJsonl, int count, int chars) throws IOException {
    ObjectMapper json = new ObjectMapper();
    List<String> passages = new ArrayList<>(count);
    try (BufferedReader reader = Files.newBufferedReader(corpusJsonl, StandardCharsets.UTF_8)) {
      String line;
      while (passages.size() < count && (line = reader.readLine()) != null) {
        if (line.isBlank()) {
          continue;
        }
        JsonNode text = json.readTree(line).path("text");
        if (text.isTextual() && text.asText().length() >= chars) {
          passages.add(text.asText().substring(0, chars));
        }
      }
    }
    return passages;
  }

  public static void main(String[] args) throws Exception {
    if (args.length < 1) {
      System.err.println("usage: OnnxRawLoop corpus.jsonl [passages=500] [chars=500] [threads=1]");
      System.exit(2);
    }
    int count = args.length > 1 ? Integer.parseInt(args[1]) : 500;
    int chars = args.length > 2 ? Integer.parseInt(args[2]) : 500;
    int threads = args.length > 3 ? Integer.parseInt(args[3]) : 1;
    List<String> passages = passages(Path.of(args[0]), count, chars);
    System.out.printf(Locale.ROOT, "%d passages of %d chars, %d calling thread(s), %d intra-op thread(s), "
            + "%d padded tokens per sub-batch; medians of %d blocks of %d passages%n", passages.size(), chars,
        threads, LoadedOnnxModel.INTRA_OP_THREADS, LoadedOnnxModel.MAX_PADDED_TOKENS,
        (passages.size() + BLOCK - 1) / BLOCK, BLOCK);
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      for (OnnxModel model : OnnxModel.values()) {
        double[] perSecond = compare(model, passages, pool, threads);
        LoadedOnnxModel loaded = LoadedOnnxModel.get(model);
        long cut = passages.stream().filter(p -> loaded.cut(p).truncated()).count();
        StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%-20s cut %d/%d", model.identity().model(),
            cut, passages.size()));
        for (int side = 0; side < SIDES.size(); side++) {
          line.append(String.format(Locale.ROOT, "%n  %-16s %7.1f passages/s   %.2f x raw langchain4j   %.2f x raw "
              + "batched", SIDES.get(side), perSecond[side], perSecond[side] / perSecond[0],
              perSecond[side] / perSecond[1]));
        }
        System.out.println(line);
      }
    } finally {
      pool.shutdown();
    }
  }

  /**
   * Median passages per second of each of {@link #SIDES} over the same passages, timed in alternating blocks, so
   * that other work on a shared machine slows every side alike instead of whichever happened to run last.
   */
  static double[] compare(OnnxModel model, List<String> passages, ExecutorService pool, int threads)
      throws InterruptedException, ExecutionException {
    EmbeddingModel langchain4j = Langchain4jModels.of(model, Runnable::run);
    LoadedOnnxModel loaded = LoadedOnnxModel.get(model);
    HuggingFaceTokenizer truncating = truncatingTokenizer(model);
    List<Side> sides = List.of(
        block -> langchain4j.embedAll(block.stream().map(TextSegment::from).toList()),
        block -> rawBatched(loaded, truncating, block),
        block -> weft(model, block, 32),
        block -> weft(model, block, 64));
    List<String> warmUp = passages.subList(0, Math.min(WARM_UP, passages.size()));
    for (Side side : sides) {
      side.embed(warmUp);
    }
    int blocks = (passages.size() + BLOCK - 1) / BLOCK;
    double[][] rates = new double[sides.size()][blocks];
    for (int b = 0; b < blocks; b++) {
      List<String> block = passages.subList(b * BLOCK, Math.min((b + 1) * BLOCK, passages.size()));
      for (int s = 0; s < sides.size(); s++) {
        Side side = sides.get(s);
        List<Future<?>> running = new ArrayList<>(threads);
        long start = System.nanoTime();
        for (int t = 0; t < threads; t++) {
          running.add(pool.submit(() -> side.embed(block)));
        }
        for (Future<?> future : running) {
          future.get();
        }
        rates[s][b] = perSecond(block.size() * threads, System.nanoTime() - start);
      }
    }
    double[] medians = new double[sides.size()];
    for (int s = 0; s < sides.size(); s++) {
      Arrays.sort(rates[s]);
      medians[s] = rates[s][blocks / 2];
    }
    return medians;
  }

  /** One way of embedding a block of passages. */
  private interface Side {
    void embed(List<String> block);
  }

  private static void weft(OnnxModel model, List<String> block, int batchSize) {
    try (OnnxEmbedder embedder = new OnnxEmbedder(model)) {
      for (int from = 0; from < block.size(); from += batchSize) {
        embedder.embed(block.subList(from, Math.min(from + batchSize, block.size())));
      }
    }
  }

  private static void rawBatched(LoadedOnnxModel loaded, HuggingFaceTokenizer tokenizer, List<String> block) {
    for (int from = 0; from < block.size(); from += RAW_BATCH) {
      Encoding[] encodings = tokenizer.batchEncode(block.subList(from, Math.min(from + RAW_BATCH, block.size())));
      List<long[]> ids = Arrays.stream(encodings).map(Encoding::getIds).toList();
      try {
        // No bound: one session call for the whole batch, padded to its longest passage.
        loaded.embed(ids, Integer.MAX_VALUE);
      } catch (OrtException e) {
        throw new IllegalStateException("raw batched loop failed: " + e.getMessage(), e);
      }
    }
  }

  private static HuggingFaceTokenizer truncatingTokenizer(OnnxModel model) {
    try (InputStream json = OnnxRawLoop.class.getClassLoader().getResourceAsStream(model.tokenizerResource())) {
      return HuggingFaceTokenizer.newInstance(json, Map.of("truncation", "true", "padding", "false",
          "maxLength", Integer.toString(model.maxTokens())));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read tokenizer " + model.tokenizerResource(), e);
    }
  }

  private static double perSecond(int count, long nanos) {
    return count / (nanos / 1e9);
  }
}
