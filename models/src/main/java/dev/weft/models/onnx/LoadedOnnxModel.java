package dev.weft.models.onnx;

import ai.djl.huggingface.tokenizers.Encoding;
import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import dev.weft.models.natives.NativeLibraries;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * One loaded model per JVM and model: Weft's own onnxruntime session over the ONNX graph in langchain4j's model
 * jar (so the session's threads can be set, which langchain4j does not expose), run through {@link PaddedBatches}
 * on the calling thread, and a tokenizer from the jar's {@code tokenizer.json}. langchain4j's own model class is not
 * loaded here: it would hold a second copy of the graph. Shared by every {@link OnnxEmbedder} of the model; the
 * session and the tokenizer are thread-safe. Public only for the benchmark's raw baseline ({@code OnnxRawLoop}),
 * which runs the same session without Weft's embedder around it.
 */
public final class LoadedOnnxModel {
  /**
   * onnxruntime threads inside one session call. Weft already runs one embedding worker per core (the in-process
   * executor, Beam's DoFns), and extra intra-op threads only contend with the other workers. Measured with
   * {@code OnnxRawLoop} and alternating blocks on 2 shared cores (docs/embeddings.md): 1 intra-op thread beat 2 with
   * one calling thread (MiniLM ≈ 1.8×, BGE ≈ 1.3×) and with two (≈ 1.5–1.9× and 1.3–1.5×), and is what makes Weft
   * ≈ 2–3× langchain4j's loop (onnxruntime's default of one thread per core). The system property
   * {@code weft.onnx.intraOpThreads} overrides it for a JVM that embeds on fewer threads than it has cores.
   */
  public static final int INTRA_OP_THREADS = Integer.getInteger("weft.onnx.intraOpThreads", 1);

  /**
   * Padded tokens (rows × longest row) per session call; 1, the default, runs every text alone. Measured on 2
   * shared cores with 1 intra-op thread, 500-character passages in batches of 64 (docs/embeddings.md): sorted,
   * padded sub-batches of 1024–4096 tokens were no faster than texts alone, and slower as they grew (at 4096
   * MiniLM ≈ 0.8×, BGE ≈ 0.7×). They also change the vectors: both models are int8 with dynamic quantization, one
   * activation scale per input tensor, so a row's vector moves with its batch-mates (cosine to the text alone down
   * to ≈ 0.99 on real passages). Alone, the vectors are langchain4j's. The system property {@code
   * weft.onnx.maxPaddedTokens} turns batching on where measurement says it pays.
   */
  public static final int MAX_PADDED_TOKENS = Integer.getInteger("weft.onnx.maxPaddedTokens", 1);

  private static final Map<OnnxModel, LoadedOnnxModel> LOADED = new EnumMap<>(OnnxModel.class);

  private final OnnxModel model;
  private final HuggingFaceTokenizer tokenizer;
  private final PaddedBatches batches;

  private LoadedOnnxModel(OnnxModel model) {
    this.model = model;
    this.tokenizer = tokenizer(model);
    NativeLibraries.prepareOnnxRuntime(); // before OrtEnvironment loads the library: from the cache, not /tmp
    try {
      OrtEnvironment environment = OrtEnvironment.getEnvironment();
      NativeLibraries.onnxRuntimeLoaded();
      OrtSession.SessionOptions options = new OrtSession.SessionOptions();
      options.setIntraOpNumThreads(INTRA_OP_THREADS);
      options.setInterOpNumThreads(1);
      // Never closed: the session lives as long as the JVM, like langchain4j's static one.
      OrtSession session = environment.createSession(resource(model.onnxResource(), model), options);
      this.batches = new PaddedBatches(environment, session, model.pooling(), model.identity().dims());
    } catch (OrtException e) {
      throw new IllegalStateException("cannot load the ONNX graph " + model.onnxResource() + " of "
          + model.identity() + ": " + e.getMessage(), e);
    }
  }

  /**
   * The model's single instance, loaded on first use (a few seconds).
   *
   * @throws dev.weft.context.error.WeftException naming the missing artifact when the model's jar, onnxruntime or
   *     the tokenizer library is not on the class path (they are optional dependencies of this module)
   */
  public static synchronized LoadedOnnxModel get(OnnxModel model) {
    LoadedOnnxModel loaded = LOADED.get(model);
    if (loaded == null) {
      ModelClassPath.check(model, LoadedOnnxModel.class.getClassLoader());
      loaded = new LoadedOnnxModel(model);
      LOADED.put(model, loaded);
    }
    return loaded;
  }

  /** Unit vectors for token sequences from {@link #tokens}, in the same order. */
  float[][] embed(List<long[]> sequences) throws OrtException {
    return batches.embed(sequences, MAX_PADDED_TOKENS);
  }

  /** As {@link #embed(List)} with another sub-batch bound: for the benchmark's baselines. */
  public float[][] embed(List<long[]> sequences, int maxPaddedTokens) throws OrtException {
    return batches.embed(sequences, maxPaddedTokens);
  }

  /**
   * The model's input for a non-blank {@code text}: token ids with {@code [CLS]} and {@code [SEP]}, at most the
   * model's limit, and whether the text had to be cut (after the last whole word that fits, as {@link #cut}).
   */
  Tokens tokens(String text) {
    Encoding encoding = tokenizer.encode(text, true, false);
    long[] ids = encoding.getIds();
    if (ids.length <= model.maxTokens()) {
      return new Tokens(ids, false);
    }
    // Re-encoded rather than sliced so the ids are exactly those of the cut text (what langchain4j would read).
    long[] cutIds = tokenizer.encode(keptPrefix(text, encoding, 1), true, false).getIds();
    if (cutIds.length > model.maxTokens()) {
      // Only a cut inside a single over-long word could retokenize longer; keep the limit, ending with [SEP].
      long[] clipped = Arrays.copyOf(cutIds, model.maxTokens());
      clipped[clipped.length - 1] = cutIds[cutIds.length - 1];
      cutIds = clipped;
    }
    return new Tokens(cutIds, true);
  }

  /**
   * {@code text} cut after the last whole word that fits in the model's limit, and whether it was cut. The model
   * reads at most 128 tokens (MiniLM, as its packaged tokenizer.json truncates) or 512 (BGE), [CLS] and [SEP]
   * included; cutting at a word boundary keeps the kept prefix's tokens exactly those the model reads.
   */
  public Cut cut(String text) {
    // No special tokens: the limit leaves room for [CLS] and [SEP].
    if (surelyFits(text, model.maxTokens() - 2)) {
      return new Cut(text, false);
    }
    Encoding encoding = tokenizer.encode(text, false, false);
    if (encoding.getIds().length <= model.maxTokens() - 2) {
      return new Cut(text, false);
    }
    return new Cut(keptPrefix(text, encoding, 0), true);
  }

  /**
   * The prefix of {@code text} up to the last whole word within the model's limit, given its over-long {@code
   * encoding}, whose first real token is at {@code first} (1 after a [CLS], else 0).
   */
  private String keptPrefix(String text, Encoding encoding, int first) {
    long[] wordIds = encoding.getWordIds();
    int room = model.maxTokens() - 2;
    // Drop the word the limit falls inside, so the kept prefix tokenizes to exactly the kept tokens.
    int keep = room;
    while (keep > 0 && wordIds[first + keep - 1] == wordIds[first + keep]) {
      keep--;
    }
    if (keep == 0) {
      keep = room; // a single word longer than the limit: cut inside it
    }
    // The tokenizer's offsets count code points, not Java chars: convert, or an emoji before the cut shifts it.
    int endCodePoint = encoding.getCharTokenSpans()[first + keep - 1].getEnd();
    return text.substring(0, text.offsetByCodePoints(0, endCodePoint));
  }

  /**
   * True when {@code text} cannot have more than {@code room} tokens, found without tokenizing: every token covers
   * at least one non-blank character, and an ASCII character never expands under the tokenizer's normalisation
   * (some non-ASCII ones do, e.g. a Hangul syllable into jamo).
   */
  private static boolean surelyFits(String text, int room) {
    int visible = 0;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c >= 128) {
        return false;
      }
      if (!Character.isWhitespace(c) && ++visible > room) {
        return false;
      }
    }
    return true;
  }

  /** A text cut to the model's limit. */
  public record Cut(String text, boolean truncated) {}

  /** A text's input to the model: token ids with the special tokens, and whether the text was cut to fit. */
  record Tokens(long[] ids, boolean truncated) {}

  private static HuggingFaceTokenizer tokenizer(OnnxModel model) {
    try (InputStream json = open(model.tokenizerResource(), model)) {
      // No truncation (cutting is Weft's, to count it and keep whole words) and no padding (PaddedBatches pads).
      // maxLength only states the model's limit (DJL warns when it has to guess it): with truncation off it cuts
      // nothing.
      return HuggingFaceTokenizer.newInstance(json, Map.of("truncation", "false", "padding", "false",
          "maxLength", Integer.toString(model.maxTokens())));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read tokenizer " + model.tokenizerResource(), e);
    }
  }

  private static byte[] resource(String name, OnnxModel model) {
    try (InputStream in = open(name, model)) {
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + name + " of " + model.identity(), e);
    }
  }

  private static InputStream open(String name, OnnxModel model) {
    InputStream in = LoadedOnnxModel.class.getClassLoader().getResourceAsStream(name);
    if (in == null) {
      throw new IllegalStateException(name + " of " + model.identity() + " is not on the class path");
    }
    return in;
  }
}
