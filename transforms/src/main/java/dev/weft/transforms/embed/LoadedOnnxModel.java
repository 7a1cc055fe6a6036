package dev.weft.transforms.embed;

import ai.djl.huggingface.tokenizers.Encoding;
import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import dev.langchain4j.model.embedding.EmbeddingModel;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.EnumMap;
import java.util.Map;

/**
 * One loaded model per JVM and model (≈ 390 MB resident each): the langchain4j model, running on the calling
 * thread, and a second tokenizer from the same file, used only to count tokens and cut over-long texts. Shared by
 * every {@link OnnxEmbedder} of the model; the ONNX session and the tokenizer are thread-safe.
 */
final class LoadedOnnxModel {
  private static final Map<OnnxModel, LoadedOnnxModel> LOADED = new EnumMap<>(OnnxModel.class);

  private final OnnxModel model;
  private final EmbeddingModel embeddingModel;
  private final HuggingFaceTokenizer tokenizer;

  private LoadedOnnxModel(OnnxModel model) {
    this.model = model;
    // The calling thread: Beam already runs one DoFn per core, and a pool per model would only oversubscribe.
    this.embeddingModel = model.newLangchain4jModel(Runnable::run);
    this.tokenizer = countingTokenizer(model);
  }

  /** The model's single instance, loaded on first use (a few seconds). */
  static synchronized LoadedOnnxModel get(OnnxModel model) {
    return LOADED.computeIfAbsent(model, LoadedOnnxModel::new);
  }

  EmbeddingModel embeddingModel() {
    return embeddingModel;
  }

  /**
   * {@code text} cut after the last whole word that fits in the model's limit, and whether it was cut. langchain4j
   * would cut it too, silently: its tokenizer truncates at 128 tokens for MiniLM (the packaged tokenizer.json) and
   * at 512 for BGE (DJL's default model length). Cutting here first, at the same limit, lets the cut be counted and
   * keeps whole words; the model reads the same tokens either way, less any partial last word.
   */
  Cut cut(String text) {
    // No special tokens: the limit leaves room for [CLS] and [SEP].
    int room = model.maxTokens() - 2;
    if (surelyFits(text, room)) {
      return new Cut(text, false);
    }
    Encoding encoding = tokenizer.encode(text, false, false);
    long[] wordIds = encoding.getWordIds();
    if (wordIds.length <= room) {
      return new Cut(text, false);
    }
    // Drop the word the limit falls inside, so the kept prefix tokenizes to exactly the kept tokens.
    int keep = room;
    while (keep > 0 && wordIds[keep - 1] == wordIds[keep]) {
      keep--;
    }
    if (keep == 0) {
      keep = room; // a single word longer than the limit: cut inside it
    }
    // The tokenizer's offsets count code points, not Java chars: convert, or an emoji before the cut shifts it.
    int endCodePoint = encoding.getCharTokenSpans()[keep - 1].getEnd();
    return new Cut(text.substring(0, text.offsetByCodePoints(0, endCodePoint)), true);
  }

  /**
   * True when {@code text} cannot have more than {@code room} tokens, found without tokenizing (which costs about
   * as much as 2-3% of a model run): every token covers at least one non-blank character, and an ASCII character
   * never expands under the tokenizer's normalisation (some non-ASCII ones do, e.g. a Hangul syllable into jamo).
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

  /** A text ready for the model. */
  record Cut(String text, boolean truncated) {}

  private static HuggingFaceTokenizer countingTokenizer(OnnxModel model) {
    ClassLoader loader = LoadedOnnxModel.class.getClassLoader();
    try (InputStream json = loader.getResourceAsStream(model.tokenizerResource())) {
      if (json == null) {
        throw new IllegalStateException(
            "tokenizer " + model.tokenizerResource() + " of " + model.identity() + " is not on the class path");
      }
      // No truncation and no padding: this tokenizer must see every token to count them.
      return HuggingFaceTokenizer.newInstance(json, Map.of("truncation", "false", "padding", "false"));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read tokenizer " + model.tokenizerResource(), e);
    }
  }
}
