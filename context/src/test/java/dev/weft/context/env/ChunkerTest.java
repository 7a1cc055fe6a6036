package dev.weft.context.env;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Where each strategy cuts, on plain strings (no store). */
class ChunkerTest {
  private static List<String> cut(String text, ChunkSpec.Strategy strategy, int size, String separator) {
    return Chunker.split(text, new ChunkSpec(strategy, size, Optional.ofNullable(separator))).stream()
        .map(r -> text.substring(r.offset(), r.end())).toList();
  }

  @Test
  void linePiecesKeepTheirNewlinesAndTheLastLineMayLackOne() {
    assertThat(cut("a\nb\nc", ChunkSpec.Strategy.LINE, 2, null)).containsExactly("a\nb\n", "c");
    assertThat(cut("a\n\n\n", ChunkSpec.Strategy.LINE, 1, null)).containsExactly("a\n", "\n", "\n");
    assertThat(cut("", ChunkSpec.Strategy.LINE, 1, null)).isEmpty();
  }

  @Test
  void sizePiecesNeverSplitASurrogatePair() {
    assertThat(cut("ab😀cd", ChunkSpec.Strategy.SIZE, 3, null)).containsExactly("ab", "😀c", "d");
  }

  @Test
  void separatorPiecesAreCutToSizeAndEmptyStretchesDropped() {
    assertThat(cut("||abcdefg||x||", ChunkSpec.Strategy.SEPARATOR, 3, "||")).containsExactly("abc", "def", "g", "x");
  }

  @Test
  void blocksNeverSplitASurrogatePair() {
    assertThat(Blocks.split("a😀b", 2)).containsExactly("a", "😀", "b");
    assertThat(Blocks.starts(0, Blocks.split("a😀b", 2))).containsExactly(0, 1, 3);
  }

  @Test
  void shapesCountUtf8BytesAndOpenLastLines() {
    assertThat(TextShape.of("é中😀\nx")).isEqualTo(new TextShape(6, 2 + 3 + 4 + 1 + 1, 2));
    assertThat(TextShape.of("x\n")).isEqualTo(new TextShape(2, 2, 1));
    assertThat(TextShape.of("")).isEqualTo(TextShape.EMPTY);
  }
}
