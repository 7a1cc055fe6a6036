package dev.weft.transforms.chunk;

import static dev.weft.transforms.chunk.ChunkContract.assertCoversContent;
import static dev.weft.transforms.chunk.ChunkContract.chunkChecked;
import static dev.weft.transforms.chunk.ChunkContract.doc;
import static dev.weft.transforms.chunk.ChunkContract.rows;
import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.context.Chunk;
import dev.weft.context.SourceDocument;
import java.util.List;
import org.junit.jupiter.api.Test;

class RstChunkerTest {
  static final String GUIDE = String.join("\n",
      ".. _guide:",                 // 0
      "",                           // 1
      "=========",                  // 2 overline
      " The Guide",                 // 3 an overlined title may be inset
      "=========",                  // 4
      "",                           // 5
      "Some intro text.",           // 6
      "",                           // 7
      "Install",                    // 8
      "-------",                    // 9
      "Run the installer::",        // 10
      "",                           // 11
      "    Nested",                 // 12 a literal block: indented, never a title
      "    ------",                 // 13
      "",                           // 14
      "A paragraph line",           // 15
      "still the paragraph",        // 16
      "-------------------",        // 17 not after a blank line: no title
      "",                           // 18
      "Too long a title",           // 19
      "~~~~",                       // 20 shorter than the title: no title
      "",                           // 21
      "Ünïcode",                    // 22 seven code points
      "~~~~~~~",                    // 23
      "text");                      // 24
  private final RstChunker chunker = new RstChunker();

  @Test
  void cutsOneSectionPerTitle() {
    SourceDocument doc = doc("guide.rst", "rst", GUIDE);
    List<Chunk> chunks = chunkChecked(chunker, doc);
    assertThat(rows(chunks)).containsExactly(
        "preamble null 0-0", "section The Guide 2-6", "section Install 8-20", "section Ünïcode 22-24");
    assertCoversContent(doc, chunks);
  }

  @Test
  void acceptsATitleRightAfterAnotherTitle() {
    String text = "Title\n=====\nSub\n---\nbody\n";
    assertThat(rows(chunkChecked(chunker, doc("t.rst", "rst", text))))
        .containsExactly("section Title 0-1", "section Sub 2-4");
  }

  @Test
  void splitsALongSectionKeepingItsTitle() {
    String para = "word ".repeat(20).strip(); // 99 chars
    String text = "Big\n===\n\n" + para + "\n\n" + para + "\n";
    assertThat(rows(chunkChecked(new RstChunker(120), doc("b.rst", "rst", text))))
        .containsExactly("section Big 0-3", "section Big 5-5");
  }
}
