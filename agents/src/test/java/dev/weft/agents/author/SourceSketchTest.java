package dev.weft.agents.author;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/** The sketch stays bounded whatever the source, and its excerpts never split a character. */
class SourceSketchTest {
  @Property
  void anExcerptIsAPrefixOfItsTextWithinTheCapAndNeverSplitsASurrogatePair(@ForAll String text,
      @ForAll @IntRange(min = 1, max = 300) int cap) {
    String cut = SourceSketch.cut(text, cap);

    if (text.length() <= cap) {
      assertThat(cut).isEqualTo(text);
    } else {
      String kept = cut.substring(0, cut.length() - 1);
      assertThat(cut).endsWith("…");
      assertThat(text).startsWith(kept);
      assertThat(kept.length()).isBetween(cap - 1, cap);
      assertThat(kept.isEmpty() || !Character.isHighSurrogate(kept.charAt(kept.length() - 1))).isTrue();
    }
  }

  @Property
  void aSourceOfAnySizeShowsAtMostFiveSamplesAndCountsEveryPiece(@ForAll @IntRange(min = 0, max = 2_000) int n) {
    SourceSketch.Builder builder = new SourceSketch.Builder("dataset");
    for (int i = 0; i < n; i++) {
      builder.add("r" + i, "x".repeat(i));
    }

    SourceSketch sketch = builder.build(java.util.List.of());

    assertThat(sketch.pieces()).isEqualTo(n);
    assertThat(sketch.samples()).hasSize(Math.min(n, SourceSketch.MAX_SAMPLES));
    assertThat(sketch.prompt().length()).isLessThan(
        200 + SourceSketch.MAX_SAMPLES * (SourceSketch.EXCERPT_CHARS + 20));
  }

  @Test
  void thePromptNamesTheKindTheCountTheSamplesAndTheNotes() {
    SourceSketch sketch = new SourceSketch.Builder("index").add("src/A.java#0", "class A {\n}").build(
        java.util.List.of()).withNote("The runner needs input → chunk/grep → map → reduce → answer.");

    assertThat(sketch.prompt()).isEqualTo("The source: index, 1 piece in `input`.\n"
        + "The first pieces (address: start of text):\n- src/A.java#0: class A { }\n"
        + "The runner needs input → chunk/grep → map → reduce → answer.");
  }
}
