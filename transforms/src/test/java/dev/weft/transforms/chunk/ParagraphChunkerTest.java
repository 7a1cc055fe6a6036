package dev.weft.transforms.chunk;

import static dev.weft.transforms.chunk.ChunkContract.chunkChecked;
import static dev.weft.transforms.chunk.ChunkContract.doc;
import static dev.weft.transforms.chunk.ChunkContract.rows;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.context.Chunk;
import java.util.List;
import org.junit.jupiter.api.Test;

class ParagraphChunkerTest {
  @Test
  void packsParagraphsUpToTheCapAndSplitsOnlyWhatAloneExceedsIt() {
    String text = String.join("\n",
        "aaaa bbbb", // 0  paragraph of 2 lines (14 chars)
        "cccc",      // 1
        "",          // 2
        "dddd",      // 3  packing it makes exactly 20 chars: still fits
        "",          // 4
        "eeeeeeeeee ffffffffff", // 5  a 21-char line: alone over the cap, kept whole
        "gggg",      // 6  the rest of that paragraph stays open...
        "",          // 7
        "hhhh");     // 8  ...so the next paragraph joins it
    List<Chunk> chunks = chunkChecked(new ParagraphChunker(20), doc("notes.txt", "text", text));
    assertThat(rows(chunks)).containsExactly("paragraphs null 0-3", "paragraphs null 5-5", "paragraphs null 6-8");
    assertThat(chunks.get(0).text()).isEqualTo("aaaa bbbb\ncccc\n\ndddd").hasSize(20);
    assertThat(chunks.get(1).text()).hasSize(21);
  }

  @Test
  void splitsAnOverlongParagraphAtLineBoundaries() {
    String text = "one two\nthree four\nfive six\nseven\n";
    List<Chunk> chunks = chunkChecked(new ParagraphChunker(18), doc("p.txt", "text", text));
    assertThat(rows(chunks)).containsExactly("paragraphs null 0-1", "paragraphs null 2-3");
    assertThat(chunks).allSatisfy(c -> assertThat(c.text().length()).isLessThanOrEqualTo(18));
  }

  @Test
  void keepsASingleOverlongLineWholeRatherThanCutInsideIt() {
    String line = "word ".repeat(400).strip();
    List<Chunk> chunks = chunkChecked(new ParagraphChunker(), doc("one.txt", "text", line + "\nshort\n"));
    assertThat(rows(chunks)).containsExactly("paragraphs null 0-0", "paragraphs null 1-1");
    assertThat(chunks.get(0).text()).isEqualTo(line);
  }

  @Test
  void whitespaceOnlyTextHasNoChunks() {
    assertThat(new ParagraphChunker().chunk(doc("w.txt", "text", ""))).isEmpty();
    assertThat(new ParagraphChunker().chunk(doc("w.txt", "text", " \n\t\r\n\r  \u2003\n"))).isEmpty();
  }

  @Test
  void numbersLinesLikeStringLinesForEveryTerminator() {
    String text = "a\r\nb\r\rc\n\n";
    List<Chunk> chunks = chunkChecked(new ParagraphChunker(), doc("t.txt", "text", text));
    assertThat(rows(chunks)).containsExactly("paragraphs null 0-3");
    assertThat(chunks.get(0).text()).isEqualTo("a\nb\n\nc");
  }

  @Test
  void copiesDocumentFieldsAndNumbersIds() {
    List<Chunk> chunks = chunkChecked(new ParagraphChunker(3), doc("d/n.txt", "text", "abc\n\ndef"));
    assertThat(chunks).extracting(Chunk::id).containsExactly("d/n.txt#0", "d/n.txt#1");
    assertThat(chunks).extracting(Chunk::symbol).containsOnlyNulls();
  }

  @Test
  void refusesACapOutOfRangeNamingTheValue() {
    assertThatThrownBy(() -> new ParagraphChunker(0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("chunk size must be between 1 and 1000000, got: 0");
    assertThatThrownBy(() -> new ParagraphChunker(1_000_001))
        .hasMessage("chunk size must be between 1 and 1000000, got: 1000001");
    assertThatThrownBy(() -> new MarkdownChunker(-5))
        .hasMessage("chunk size must be between 1 and 1000000, got: -5");
  }
}
