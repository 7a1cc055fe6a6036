package dev.weft.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.context.ChunkPointer;
import dev.weft.context.Hit;
import dev.weft.context.Kind;
import org.junit.jupiter.api.Test;

class LinesTest {
  @Test
  void aHitsZeroBasedChunkLinesAreShownOneBased() {
    Hit hit = new Hit("docs/a.md", Kind.DOC, "markdown", 1.0f, new ChunkPointer("Intro", "section", 14, 17));

    assertThat(Lines.of(hit)).isEqualTo(new Lines(15, 18));
    assertThat(Lines.of(hit).toString()).isEqualTo("15-18");
    assertThat(Lines.of(hit).startLine()).isEqualTo(14);
  }

  @Test
  void parsingNamesTheValueAndTheRule() {
    assertThat(Lines.parse("3-7", "--lines")).isEqualTo(new Lines(3, 7));
    assertThatThrownBy(() -> Lines.parse("5", "--lines")).hasMessage("--lines must be A-B with 1 <= A <= B, got: 5");
    assertThatThrownBy(() -> Lines.parse("0-2", "--lines")).hasMessage("--lines must be A-B with 1 <= A <= B, got: 0-2");
    assertThatThrownBy(() -> new Lines(4, 3)).hasMessage("lines must be A-B with 1 <= A <= B, got: 4-3");
  }
}
