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

class MarkdownChunkerTest {
  static final String README = String.join("\n",
      "---",                       // 0  front matter: its closing --- is no setext underline
      "title: Weft",               // 1
      "---",                       // 2
      "Intro before any heading.", // 3
      "",                          // 4
      "# Weft #",                  // 5
      "",                          // 6
      "Turns corpora into context.", // 7
      "",                          // 8
      "```bash",                   // 9
      "# not a heading",           // 10
      "```",                       // 11
      "",                          // 12
      "Install",                   // 13 setext h2
      "-------",                   // 14
      "",                          // 15
      "~~~~",                      // 16
      "## still code",             // 17
      "~~~",                       // 18 shorter than the opening fence: does not close it
      "~~~~~",                     // 19
      "",                          // 20
      "- a list item",             // 21
      "---",                       // 22 thematic break under a list item, not a heading
      "",                          // 23
      "Usage *now*",               // 24 setext h1
      "===",                       // 25
      "#hashtag is not a heading", // 26
      "   ### Indented three ",    // 27
      "    # four spaces is code", // 28
      "");
  private final MarkdownChunker chunker = new MarkdownChunker();

  @Test
  void cutsOneSectionPerHeadingWithThePreambleBefore() {
    SourceDocument doc = doc("README.md", "markdown", README);
    List<Chunk> chunks = chunkChecked(chunker, doc);
    assertThat(rows(chunks)).containsExactly(
        "preamble null 0-3",
        "section Weft 5-11",
        "section Install 13-22",
        "section Usage *now* 24-26",
        "section Indented three 27-28");
    assertCoversContent(doc, chunks);
  }

  @Test
  void keepsHeadingsInsideAnUnclosedFenceAsCode() {
    String text = "# A\n```\n# B\n";
    assertThat(rows(chunkChecked(chunker, doc("f.md", "markdown", text)))).containsExactly("section A 0-2");
  }

  @Test
  void takesAMultiLineParagraphAsOneSetextTitle() {
    String text = "lead\n\nFirst line\nsecond line\n===\nbody\n";
    assertThat(rows(chunkChecked(chunker, doc("s.md", "markdown", text))))
        .containsExactly("preamble null 0-0", "section First line second line 2-5");
  }

  @Test
  void emptyAtxHeadingHasANullSymbol() {
    assertThat(rows(chunkChecked(chunker, doc("e.md", "markdown", "#\ntext\n## ##\n"))))
        .containsExactly("section null 0-1", "section null 2-2");
  }

  @Test
  void splitsALongSectionKeepingItsSymbol() {
    String para = "word ".repeat(30).strip(); // 149 chars
    String text = "# Big\n\n" + para + "\n\n" + para + "\n\n" + para + "\n\n## Small\nok\n";
    List<Chunk> chunks = chunkChecked(new MarkdownChunker(320), doc("b.md", "markdown", text));
    assertThat(rows(chunks)).containsExactly(
        "section Big 0-4", "section Big 6-6", "section Small 8-9");
    assertThat(chunks).allSatisfy(c -> assertThat(c.text().length()).isLessThanOrEqualTo(320));
  }

  @Test
  void handlesCrLfLikeLf() {
    String lf = "intro\n# One\nbody\n\n# Two\n";
    List<String> expected = rows(chunkChecked(chunker, doc("a.md", "markdown", lf)));
    assertThat(rows(chunkChecked(chunker, doc("a.md", "markdown", lf.replace("\n", "\r\n")))))
        .isEqualTo(expected).containsExactly("preamble null 0-0", "section One 1-2", "section Two 4-4");
    assertThat(rows(chunkChecked(chunker, doc("a.md", "markdown", lf.replace("\n", "\r")))))
        .isEqualTo(expected);
  }
}
