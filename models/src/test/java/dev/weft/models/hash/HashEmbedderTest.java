package dev.weft.models.hash;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.weft.models.embed.VectorMath;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.StringLength;

class HashEmbedderTest {
  @Property
  void theSameTextGivesTheSameVectorOfTheGivenDims(
      @ForAll @StringLength(max = 200) String text, @ForAll @IntRange(min = 1, max = 1024) int dims) {
    float[] first = new HashEmbedder(dims).embed(List.of(text)).get(0);
    float[] second = new HashEmbedderSpec(dims).create().embed(List.of(text)).get(0);

    assertThat(first).hasSize(dims).containsExactly(second);
  }

  @Property
  void vectorsAreUnitLengthOrZeroAndZeroWhenBlank(
      @ForAll @StringLength(max = 200) String text, @ForAll @IntRange(min = 1, max = 1024) int dims) {
    float[] vector = new HashEmbedder(dims).embed(List.of(text)).get(0);

    double norm = VectorMath.norm(vector);
    if (text.isBlank()) {
      assertThat(norm).isZero();
    } else {
      // Signed buckets can cancel exactly (mostly at tiny dims); otherwise the vector has unit length.
      assertThat(norm == 0 || Math.abs(norm - 1) < 1e-5).as("norm %s", norm).isTrue();
    }
  }

  @Property
  void aBatchIsTheTextsOneByOneInOrder(@ForAll List<@StringLength(max = 40) String> texts) {
    HashEmbedder embedder = new HashEmbedder(64);

    List<float[]> batch = embedder.embed(texts);

    assertThat(batch).hasSize(texts.size());
    for (int i = 0; i < texts.size(); i++) {
      assertThat(batch.get(i)).containsExactly(embedder.embed(List.of(texts.get(i))).get(0));
    }
  }

  @Example
  void aWordHasUnitLengthAtUsualDims() {
    float[] vector = new HashEmbedder(256).embed(List.of("Hello, World")).get(0);

    assertThat(VectorMath.norm(vector)).isCloseTo(1.0, within(1e-6));
  }

  @Example
  void caseDoesNotMatterAndSharedTrigramsBringTextsCloser() {
    HashEmbedder embedder = new HashEmbedder(256);
    List<float[]> v = embedder.embed(
        List.of("parse the config file", "PARSE THE CONFIG FILE", "parsing config files", "zebra quantum"));

    assertThat(v.get(1)).containsExactly(v.get(0));
    assertThat(VectorMath.cosine(v.get(0), v.get(2))).isGreaterThan(VectorMath.cosine(v.get(0), v.get(3)));
  }

  @Example
  void identityNamesTheHashingVersionAndDims() {
    assertThat(new HashEmbedder(256).identity()).hasToString("hash-trigram-v1/256");
    assertThat(new HashEmbedderSpec(32).identity()).isEqualTo(new HashEmbedder(32).identity());
  }

  @Example
  void dimsBelowOneAreRefusedNamingTheValue() {
    assertThatThrownBy(() -> new HashEmbedderSpec(0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("hash embedder dims must be at least 1, got: 0");
  }

  /**
   * The hashing is the model: these bucket sums were computed with Lucene's {@code StringHelper.murmurhash3_x86_32}
   * before the embedder moved to commons-codec, so a change of hash function or seed fails here.
   */
  @Example
  void theBucketsAreThoseOfHashTrigramV1() {
    assertBuckets("Hello, World", 0, 0, 1, 0, 0, 1, 0, 0, -1, 0, 0, -1, 0, 0, -2, -1);
    assertBuckets("parse the config file \uD83D\uDE42 na\u00EFve", -1, 0, -1, -1, -1, 1, 0, 1, -2, 0, -2, -1, 0, -1, 0, 0);
  }

  private static void assertBuckets(String text, int... sums) {
    double norm = Math.sqrt(Arrays.stream(sums).mapToDouble(x -> (double) x * x).sum());
    float[] vector = new HashEmbedder(sums.length).embed(List.of(text)).get(0);
    for (int i = 0; i < sums.length; i++) {
      assertThat((double) vector[i]).as("bucket %d of '%s'", i, text).isCloseTo(sums[i] / norm, within(1e-6));
    }
  }
}
