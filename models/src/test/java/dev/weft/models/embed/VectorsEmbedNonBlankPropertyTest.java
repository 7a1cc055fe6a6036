package dev.weft.models.embed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/** The one batching loop of the embedders: order kept, blanks never sent, batches bounded. */
class VectorsEmbedNonBlankPropertyTest {
  private static final int DIMS = 2;

  @Property
  void everyTextGetsItsOwnVectorAndNoBlankReachesTheModel(@ForAll("texts") List<String> texts,
      @ForAll @IntRange(min = 1, max = 5) int batchSize) {
    List<List<String>> batches = new ArrayList<>();
    List<float[]> vectors = Vectors.embedNonBlank(texts, DIMS, batchSize, batch -> {
      batches.add(batch);
      return batch.stream().map(VectorsEmbedNonBlankPropertyTest::fake).toList();
    });

    assertThat(vectors).hasSameSizeAs(texts);
    for (int i = 0; i < texts.size(); i++) {
      float[] expected = Vectors.isBlank(texts.get(i)) ? new float[DIMS] : fake(texts.get(i));
      assertThat(vectors.get(i)).as("vector of text %d %s", i, texts.get(i)).containsExactly(expected);
    }
    assertThat(batches).allSatisfy(batch -> assertThat(batch).isNotEmpty().hasSizeLessThanOrEqualTo(batchSize)
        .noneMatch(Vectors::isBlank));
    assertThat(batches.stream().flatMap(List::stream).toList())
        .containsExactlyElementsOf(texts.stream().filter(text -> !Vectors.isBlank(text)).toList());
  }

  @Example
  void aBatchSizeBelowOneIsRefused() {
    assertThatThrownBy(() -> Vectors.embedNonBlank(List.of("a"), DIMS, 0, batch -> List.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("batchSize must be at least 1, got: 0");
  }

  @Provide
  Arbitrary<List<String>> texts() {
    Arbitrary<String> text = Arbitraries.oneOf(Arbitraries.of("", " ", "\n\t"), Arbitraries.strings().alpha()
        .ofMinLength(1).ofMaxLength(4));
    return text.list().ofMaxSize(12);
  }

  /** A vector that tells texts apart: their length and first character. */
  private static float[] fake(String text) {
    return new float[] {text.length(), text.charAt(0)};
  }
}
