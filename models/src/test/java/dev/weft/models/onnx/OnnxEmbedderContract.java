package dev.weft.models.onnx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.weft.models.embed.QueryEmbedder;
import dev.weft.models.embed.VectorMath;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * What every in-process model must do, run against the real model (a few seconds to load). One subclass per
 * model; not a test class itself.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class OnnxEmbedderContract {
  static final String QUERY = "How do I read a text file line by line in Python?";
  static final String CLOSE = "Open the file with open() and iterate over the file object to get each line.";
  static final String UNRELATED = "The recipe needs two cups of flour, three eggs and a pinch of salt.";

  private OnnxEmbedder embedder;

  abstract OnnxModel model();

  @BeforeAll
  void load() {
    embedder = new OnnxEmbedderSpec(model()).create();
  }

  @Test
  void vectorsHaveTheModelsDimsAndUnitLength() {
    List<float[]> vectors = embedder.embed(List.of(QUERY, CLOSE));

    assertThat(embedder.identity()).isEqualTo(model().identity());
    assertThat(embedder.identity().dims()).isEqualTo(384);
    assertThat(vectors).allSatisfy(v -> {
      assertThat(v).hasSize(384);
      assertThat(VectorMath.norm(v)).isCloseTo(1.0, within(1e-4));
    });
  }

  @Test
  void theSameTextGivesTheSameVectorFromAnyEmbedderOfTheModel() {
    float[] first = embedder.embed(List.of(CLOSE)).get(0);
    float[] second = new OnnxEmbedder(model()).embed(List.of(CLOSE)).get(0);

    assertThat(second).containsExactly(first);
    assertThat(LoadedOnnxModel.get(model())).isSameAs(LoadedOnnxModel.get(model()));
  }

  @Test
  void aCloseParaphraseScoresHigherThanAnUnrelatedText() {
    List<float[]> v = embedder.embed(List.of(QUERY, CLOSE, UNRELATED));

    assertThat(VectorMath.cosine(v.get(0), v.get(1))).isGreaterThan(VectorMath.cosine(v.get(0), v.get(2)) + 0.1);
  }

  @Test
  void aBatchOfMixedLengthsComesBackInInputOrder() {
    List<String> texts = List.of(UNRELATED + " " + CLOSE + " " + QUERY, "x", "", QUERY, CLOSE + " " + UNRELATED);

    List<float[]> batch = embedder.embed(texts);

    assertThat(batch).hasSize(texts.size());
    assertThat(batch.get(2)).as("blank text").containsOnly(0f);
    for (int i = 0; i < texts.size(); i++) {
      if (!texts.get(i).isBlank()) {
        assertThat(batch.get(i)).as("text %d", i)
            .containsExactly(embedder.embed(List.of(texts.get(i))).get(0), within(1e-5f));
      }
    }
  }

  @Test
  void aTextOverTheLimitIsCutAtAWordAndCounted() {
    OnnxEmbedder fresh = new OnnxEmbedder(model());
    // Emoji first: the tokenizer counts offsets in code points, Java in chars.
    String longText = "😀 naïve café " + "retrieval augmented generation ".repeat(model().maxTokens());

    fresh.embed(List.of(QUERY, longText, CLOSE));
    fresh.embed(List.of(longText));

    assertThat(fresh.truncated()).isEqualTo(2);
    LoadedOnnxModel.Cut cut = LoadedOnnxModel.get(model()).cut(longText);
    assertThat(cut.truncated()).isTrue();
    assertThat(longText).startsWith(cut.text());
    assertThat(cut.text()).startsWith("😀 naïve café retrieval").matches("(?s).*(retrieval|augmented|generation)");
    assertThat(cut.text().length()).as("cut near the limit, not early").isGreaterThan(longText.length() / 8);
    assertThat(LoadedOnnxModel.get(model()).cut(cut.text()).truncated()).as("the cut text fits").isFalse();
  }

  @Test
  void theLimitLeavesRoomForTheTwoSpecialTokensExactly() {
    LoadedOnnxModel loaded = LoadedOnnxModel.get(model());
    int room = model().maxTokens() - 2;
    String fits = "a ".repeat(room).strip();
    String over = "a ".repeat(room + 1).strip();

    assertThat(loaded.cut(fits)).isEqualTo(new LoadedOnnxModel.Cut(fits, false));
    assertThat(loaded.cut(over)).isEqualTo(new LoadedOnnxModel.Cut(fits, true));
    assertThat(loaded.cut("é " + over).text()).isEqualTo("é " + "a ".repeat(room - 1).strip());
  }

  @Test
  void aQueryFollowsTheModelsInstruction() {
    float[] asQuery = embedder.embedQuery(QUERY);
    float[] asPassage = embedder.embed(List.of(QUERY)).get(0);
    float[] instructed = embedder.embed(List.of(model().queryInstruction() + QUERY)).get(0);

    assertThat(asQuery).containsExactly(instructed);
    assertThat(QueryEmbedder.embedQuery(embedder, QUERY)).containsExactly(asQuery);
    if (model().queryInstruction().isEmpty()) {
      assertThat(asQuery).containsExactly(asPassage);
    } else {
      assertThat(asQuery).isNotEqualTo(asPassage);
    }
  }
}
