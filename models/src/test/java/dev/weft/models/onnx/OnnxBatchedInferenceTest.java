package dev.weft.models.onnx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import ai.onnxruntime.OrtException;
import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.weft.models.embed.VectorMath;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Weft's session against langchain4j's own one-text-at-a-time model: a text alone gets langchain4j's vector (same
 * graph, tokens, pooling and normalisation); in a padded sub-batch it keeps its place and its vector up to the
 * models' int8 quantization noise.
 */
class OnnxBatchedInferenceTest {
  private static final String PROSE = "Retrieval augmented generation feeds a language model passages found by a "
      + "search index, so that its answers cite sources instead of guessing. ";
  private static final String CODE = """
      def read_lines(path: str) -> list[str]:
          with open(path, encoding="utf-8") as f:
              return [line.rstrip("\\n") for line in f if line.strip()]
      """;

  /** A dozen texts of very different lengths: short, past MiniLM's 128 tokens, past BGE's 512, unicode, code. */
  static List<String> texts() {
    return List.of(
        "x",
        OnnxEmbedderContract.QUERY,
        PROSE.repeat(6), // ≈ 150 tokens: over MiniLM's limit only
        "",
        "Größe, naïve café, 北京と東京, Ελληνικά, русский текст, 😀 emoji and ﬁ ligatures.",
        CODE,
        "Over both limits: " + PROSE.repeat(30) + CODE, // ≈ 800 tokens
        OnnxEmbedderContract.CLOSE,
        "   ",
        CODE.repeat(8), // code past MiniLM's limit, punctuation-heavy
        "SELECT id, name FROM users WHERE created_at > now() - interval '7 days' ORDER BY name;",
        OnnxEmbedderContract.UNRELATED + " " + PROSE.repeat(2));
  }

  @ParameterizedTest
  @EnumSource(OnnxModel.class)
  void aTextAloneGetsLangchain4jsVectorForTheCutText(OnnxModel model) {
    LoadedOnnxModel loaded = LoadedOnnxModel.get(model);
    OnnxEmbedder embedder = new OnnxEmbedder(model);
    EmbeddingModel reference = Langchain4jModels.of(model, Runnable::run);
    long expectedCut = 0;

    for (String text : texts()) {
      float[] alone = embedder.embed(List.of(text)).get(0);
      if (text.isBlank()) {
        assertThat(alone).as("blank text").hasSize(384).containsOnly(0f);
        continue;
      }
      LoadedOnnxModel.Cut cut = loaded.cut(text);
      expectedCut += cut.truncated() ? 1 : 0;
      Embedding expected = reference.embed(TextSegment.from(cut.text())).content();
      assertThat(VectorMath.cosine(alone, expected.vector())).as(abbreviated(text)).isGreaterThanOrEqualTo(0.9999);
      assertThat(VectorMath.norm(alone)).as(abbreviated(text)).isCloseTo(1.0, within(1e-4));
    }
    assertThat(expectedCut).as("the texts must exercise the cut").isPositive();
    assertThat(embedder.truncated()).isEqualTo(expectedCut);
  }

  /**
   * Identical rows give the quantizer the same value range as one row alone, and need no padding: whatever the
   * batch does (sorting, grouping, pooling, putting rows back) must then leave each vector exactly as alone.
   */
  @ParameterizedTest
  @EnumSource(OnnxModel.class)
  void aBatchOfTheSameTextGivesTheVectorAloneInEveryRow(OnnxModel model) {
    LoadedOnnxModel loaded = LoadedOnnxModel.get(model);
    OnnxEmbedder embedder = new OnnxEmbedder(model);
    String text = texts().get(2);
    long[] ids = loaded.tokens(text).ids();

    float[][] batch = padded(loaded, List.of(ids, ids, ids));

    float[] alone = embedder.embed(List.of(text)).get(0);
    for (int i = 0; i < batch.length; i++) {
      assertThat(VectorMath.cosine(batch[i], alone)).as("row %d", i).isGreaterThanOrEqualTo(0.9999);
    }
  }

  /**
   * Mixed lengths: padding is masked out, but both models are int8 with dynamic quantization, whose activation
   * scale is taken over the whole input tensor (every row, padding included). A row's vector therefore moves a
   * little with its batch-mates: measured cosine to the vector alone ≥ 0.987 (MiniLM) and ≥ 0.993 (BGE) on 200
   * real passages, and 0.969 for a one-letter text. Each row must still be, by far, its own text's vector.
   */
  @ParameterizedTest
  @EnumSource(OnnxModel.class)
  void paddedSubBatchesOfMixedLengthsKeepEachTextsVectorInInputOrder(OnnxModel model) {
    LoadedOnnxModel loaded = LoadedOnnxModel.get(model);
    List<String> texts = new ArrayList<>(texts());
    texts.removeIf(String::isBlank);
    OnnxEmbedder embedder = new OnnxEmbedder(model);
    List<float[]> alone = texts.stream().map(t -> embedder.embed(List.of(t)).get(0)).toList();
    List<long[]> ids = texts.stream().map(t -> loaded.tokens(t).ids()).toList();

    List<float[]> batched = List.of(padded(loaded, ids));
    List<long[]> backwards = new ArrayList<>(ids);
    Collections.reverse(backwards);
    float[][] reversed = padded(loaded, backwards);

    assertThat(batched).hasSize(texts.size());
    for (int i = 0; i < texts.size(); i++) {
      float[] inReverse = reversed[texts.size() - 1 - i];
      assertThat(VectorMath.cosine(batched.get(i), alone.get(i))).as("text %d", i).isGreaterThanOrEqualTo(0.95);
      assertThat(VectorMath.cosine(inReverse, alone.get(i))).as("text %d reversed", i).isGreaterThanOrEqualTo(0.95);
      assertThat(nearest(batched.get(i), alone)).as("text %d is nearest its own vector", i).isEqualTo(i);
      assertThat(VectorMath.norm(batched.get(i))).as("text %d", i).isCloseTo(1.0, within(1e-4));
    }
  }

  @ParameterizedTest
  @EnumSource(OnnxModel.class)
  void tokensStayWithinTheLimitWithTheSpecialTokens(OnnxModel model) {
    LoadedOnnxModel loaded = LoadedOnnxModel.get(model);
    List<String> texts = new ArrayList<>(texts());
    texts.removeIf(String::isBlank);
    texts.add("a".repeat(5000)); // one word longer than the limit: cut inside it

    for (String text : texts) {
      LoadedOnnxModel.Tokens tokens = loaded.tokens(text);
      assertThat(tokens.ids().length).as(abbreviated(text)).isBetween(3, model.maxTokens());
      assertThat(tokens.truncated()).as(abbreviated(text)).isEqualTo(loaded.cut(text).truncated());
    }
  }

  /** Through the padded path whatever the default: sub-batches of up to 2048 padded tokens. */
  private static float[][] padded(LoadedOnnxModel loaded, List<long[]> ids) {
    try {
      return loaded.embed(ids, 2048);
    } catch (OrtException e) {
      throw new AssertionError(e);
    }
  }

  private static int nearest(float[] vector, List<float[]> candidates) {
    int best = -1;
    for (int i = 0; i < candidates.size(); i++) {
      boolean closer = best < 0
          || VectorMath.cosine(vector, candidates.get(i)) > VectorMath.cosine(vector, candidates.get(best));
      if (VectorMath.norm(candidates.get(i)) > 0 && closer) {
        best = i;
      }
    }
    return best;
  }

  private static String abbreviated(String text) {
    return text.length() <= 40 ? text : text.substring(0, 40) + "…";
  }
}
