package dev.weft.transforms.embed;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.EmbeddingModel;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The baseline for "embedding throughput in the pipeline vs a raw ONNX loop": langchain4j's own
 * {@code embedAll} over the passages on the calling thread, with no Weft code (no cutting, no counting). Both
 * sides time an already loaded model: the one-off load (a few seconds) is done before the clock starts.
 *
 * <p>{@code main} measures both models, raw and through {@link OnnxEmbedder}, on one calling thread, in
 * alternating blocks:
 * {@code java -cp ... dev.weft.transforms.embed.OnnxRawLoop corpus.jsonl [passages=500] [chars=500]}.
 */
public final class OnnxRawLoop {
  private static final int WARM_UP = 16;
  private static final int BLOCK = 25;

  private OnnxRawLoop() {}

  /** Passages per second of a raw langchain4j loop over {@code passages}. */
  public static double passagesPerSecond(OnnxModel model, List<String> passages) {
    EmbeddingModel raw = model.newLangchain4jModel(Runnable::run);
    List<TextSegment> segments = passages.stream().map(TextSegment::from).toList();
    raw.embedAll(segments.subList(0, Math.min(WARM_UP, segments.size())));
    long start = System.nanoTime();
    raw.embedAll(segments);
    return perSecond(passages.size(), System.nanoTime() - start);
  }

  /** Passages per second through {@link OnnxEmbedder}, in batches of {@code batchSize}. */
  public static double weftPassagesPerSecond(OnnxModel model, List<String> passages, int batchSize) {
    if (batchSize < 1) {
      throw new IllegalArgumentException("batch size must be at least 1, got: " + batchSize);
    }
    try (OnnxEmbedder embedder = new OnnxEmbedder(model)) {
      embedder.embed(passages.subList(0, Math.min(WARM_UP, passages.size())));
      long start = System.nanoTime();
      for (int from = 0; from < passages.size(); from += batchSize) {
        embedder.embed(passages.subList(from, Math.min(from + batchSize, passages.size())));
      }
      return perSecond(passages.size(), System.nanoTime() - start);
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

  public static void main(String[] args) throws IOException {
    if (args.length < 1) {
      System.err.println("usage: OnnxRawLoop corpus.jsonl [passages=500] [chars=500]");
      System.exit(2);
    }
    int count = args.length > 1 ? Integer.parseInt(args[1]) : 500;
    int chars = args.length > 2 ? Integer.parseInt(args[2]) : 500;
    List<String> passages = passages(Path.of(args[0]), count, chars);
    System.out.printf(Locale.ROOT, "%d passages of %d chars, 1 thread%n", passages.size(), chars);
    for (OnnxModel model : OnnxModel.values()) {
      Comparison comparison = compare(model, passages);
      LoadedOnnxModel loaded = LoadedOnnxModel.get(model);
      long cut = passages.stream().filter(p -> loaded.cut(p).truncated()).count();
      System.out.printf(Locale.ROOT,
          "%-20s raw %6.1f passages/s   weft %6.1f passages/s   weft/raw %.2f   cut %d/%d%n",
          model.identity().model(), comparison.rawPerSecond(), comparison.weftPerSecond(), comparison.ratio(), cut,
          passages.size());
    }
  }

  /** Passages per second of the raw loop and of {@link OnnxEmbedder} over the same passages. */
  public record Comparison(double rawPerSecond, double weftPerSecond) {
    /** Weft's throughput as a fraction of the raw loop's (the target is at least 0.9). */
    public double ratio() {
      return weftPerSecond / rawPerSecond;
    }
  }

  /**
   * Raw loop and {@link OnnxEmbedder}, timed in alternating blocks of {@value #BLOCK} passages, so that other
   * work on a shared machine slows both sides alike instead of whichever happened to run second.
   */
  public static Comparison compare(OnnxModel model, List<String> passages) {
    EmbeddingModel raw = model.newLangchain4jModel(Runnable::run);
    try (OnnxEmbedder weft = new OnnxEmbedder(model)) {
      List<String> warmUp = passages.subList(0, Math.min(WARM_UP, passages.size()));
      raw.embedAll(warmUp.stream().map(TextSegment::from).toList());
      weft.embed(warmUp);
      long rawNanos = 0;
      long weftNanos = 0;
      for (int from = 0; from < passages.size(); from += BLOCK) {
        List<String> block = passages.subList(from, Math.min(from + BLOCK, passages.size()));
        List<TextSegment> segments = block.stream().map(TextSegment::from).toList();
        long start = System.nanoTime();
        raw.embedAll(segments);
        long middle = System.nanoTime();
        weft.embed(block);
        weftNanos += System.nanoTime() - middle;
        rawNanos += middle - start;
      }
      return new Comparison(perSecond(passages.size(), rawNanos), perSecond(passages.size(), weftNanos));
    }
  }

  private static double perSecond(int count, long nanos) {
    return count / (nanos / 1e9);
  }
}
