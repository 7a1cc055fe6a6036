package dev.weft.models.embed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.weft.context.embed.Embedder;
import dev.weft.context.embed.EmbedderIdentity;
import dev.weft.context.embed.EmbedderSpec;
import dev.weft.models.EmbedderSpecs;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * What every Weft embedder must do, in the style of Lucene's {@code BaseDirectoryTestCase}: subclass it, say which
 * spec to test, and every rule below runs against your embedder. Published in the models test jar, so an embedder
 * outside this module (a new provider) gets the same suite: one provider class, one registry entry in
 * {@code EmbedderSpecs.PROVIDERS}, one subclass of this (docs/embeddings.md).
 *
 * <p>The rules: the identity is the spec's, stable, and its dims are every vector's length; one vector per text, in
 * input order; a blank text is the zero vector and does not fail its batch; the same text gives the same vector
 * (within {@link #tolerance()}), alone or in a batch, from this embedder or another of the spec; every other vector
 * has unit length; an empty list gives an empty list; the registry writes the spec back and reads it again; the spec
 * survives Java serialization (Beam ships it to workers).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class EmbedderContractTest {
  /** Texts of different lengths and scripts that no embedder should find blank or equal. */
  protected static final List<String> TEXTS = List.of(
      "How do I read a text file line by line in Python?",
      "x",
      "The recipe needs two cups of flour, three eggs and a pinch of salt.",
      "public static int parse(String value) { return Integer.parseInt(value.strip()); }",
      "Ünïcödé naïve café — 東京 🙂",
      "A longer passage. ".repeat(40));

  private final List<Embedder> opened = new ArrayList<>();

  /** The spec under test; {@link #newEmbedder()} builds from it. */
  protected abstract EmbedderSpec spec();

  /** A fresh embedder of {@link #spec()}; override to inject test seams (an environment, a sleeper). */
  protected Embedder newEmbedder() {
    return spec().create();
  }

  /**
   * How far one vector component may move between two embeddings of the same text (alone, in a batch, another
   * embedder instance). 0 for an embedder that is exactly deterministic.
   */
  protected double tolerance() {
    return 1e-6;
  }

  private Embedder embedder() {
    Embedder embedder = newEmbedder();
    opened.add(embedder);
    return embedder;
  }

  @AfterEach
  void closeEmbedders() {
    opened.forEach(Embedder::close);
    opened.clear();
  }

  @Test
  void theIdentityIsTheSpecsAndStable() {
    Embedder embedder = embedder();
    EmbedderIdentity identity = embedder.identity();

    assertThat(identity).isEqualTo(spec().identity()).isEqualTo(embedder().identity());
    assertThat(identity.dims()).isPositive();
    embedder.embed(TEXTS);
    assertThat(embedder.identity()).as("after embedding").isEqualTo(identity);
  }

  @Test
  void everyVectorHasTheIdentitysDims() {
    Embedder embedder = embedder();

    assertThat(embedder.embed(TEXTS)).hasSize(TEXTS.size())
        .allSatisfy(vector -> assertThat(vector).hasSize(embedder.identity().dims()));
  }

  @Test
  void vectorsHaveUnitLength() {
    for (float[] vector : embedder().embed(TEXTS)) {
      assertThat(VectorMath.norm(vector)).isCloseTo(1.0, within(1e-4));
    }
  }

  @Test
  void aBatchIsTheTextsOneByOneInInputOrder() {
    Embedder embedder = embedder();
    List<float[]> batch = embedder.embed(TEXTS);
    List<String> backwards = new ArrayList<>(TEXTS);
    Collections.reverse(backwards);
    List<float[]> reversed = embedder.embed(backwards);

    for (int i = 0; i < TEXTS.size(); i++) {
      float[] alone = embedder.embed(List.of(TEXTS.get(i))).get(0);
      assertClose(batch.get(i), alone, "text " + i + " in a batch and alone");
      assertClose(reversed.get(TEXTS.size() - 1 - i), alone, "text " + i + " in a reversed batch and alone");
    }
  }

  @Test
  void differentTextsGetDifferentVectors() {
    List<float[]> vectors = embedder().embed(TEXTS);

    for (int i = 0; i < vectors.size(); i++) {
      for (int j = i + 1; j < vectors.size(); j++) {
        assertThat(VectorMath.cosine(vectors.get(i), vectors.get(j))).as("texts %d and %d", i, j).isLessThan(0.999);
      }
    }
  }

  @Test
  void theSameTextGivesTheSameVectorFromAnotherEmbedderOfTheSpec() {
    float[] first = embedder().embed(List.of(TEXTS.get(0))).get(0);
    float[] again = embedder().embed(List.of(TEXTS.get(0), TEXTS.get(0))).get(1);

    assertClose(again, first, "a second embedder");
  }

  @Test
  void blankTextsAreZeroVectorsAndDoNotFailTheirBatch() {
    List<float[]> vectors = embedder().embed(List.of("", TEXTS.get(0), " \n\t ", TEXTS.get(1)));

    assertThat(vectors).hasSize(4);
    assertThat(VectorMath.norm(vectors.get(0))).isZero();
    assertThat(VectorMath.norm(vectors.get(2))).isZero();
    assertThat(VectorMath.norm(vectors.get(1))).isCloseTo(1.0, within(1e-4));
    assertThat(VectorMath.norm(vectors.get(3))).isCloseTo(1.0, within(1e-4));
  }

  @Test
  void anEmptyListGivesAnEmptyList() {
    assertThat(embedder().embed(List.of())).isEmpty();
  }

  @Test
  void aQueryVectorHasTheDimsAndUnitLength() {
    Embedder embedder = embedder();

    float[] query = QueryEmbedder.embedQuery(embedder, TEXTS.get(0));

    assertThat(query).hasSize(embedder.identity().dims());
    assertThat(VectorMath.norm(query)).isCloseTo(1.0, within(1e-4));
  }

  @Test
  void theRegistryWritesTheSpecBackAndReadsItAgain() {
    String form = EmbedderSpecs.format(spec()).orElseThrow(
        () -> new AssertionError("no provider in EmbedderSpecs.PROVIDERS formats " + spec()));

    assertThat(EmbedderSpecs.parse(form)).isEqualTo(spec());
    EmbedderSpecs.fromIdentity(spec().identity())
        .ifPresent(rebuilt -> assertThat(rebuilt.identity()).isEqualTo(spec().identity()));
  }

  @Test
  void theSpecSurvivesJavaSerializationAsBeamShipsIt() throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(spec());
    }
    try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
      assertThat(in.readObject()).isEqualTo(spec());
    }
  }

  private void assertClose(float[] actual, float[] expected, String what) {
    assertThat(actual).as(what).hasSameSizeAs(expected);
    for (int k = 0; k < expected.length; k++) {
      assertThat((double) actual[k]).as("%s, component %d", what, k).isCloseTo(expected[k], within(tolerance()));
    }
  }
}
