package dev.weft.transforms.chunk;

import static dev.weft.transforms.chunk.ChunkContract.chunkChecked;
import static dev.weft.transforms.chunk.ChunkContract.doc;
import static dev.weft.transforms.chunk.ChunkContract.rows;
import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.context.Chunk;
import java.util.List;
import org.junit.jupiter.api.Test;

class PythonChunkerTest {
  static final String MODULE = String.join("\n",
      "\"\"\"Module docstring.\"\"\"",       // 0
      "import os",                          // 1
      "",                                   // 2
      "",                                   // 3
      "# A helper.",                        // 4
      "def helper(x):",                     // 5
      "    return x",                       // 6
      "",                                   // 7
      "",                                   // 8
      "@dataclass",                         // 9
      "class Point:",                       // 10
      "    \"\"\"A point.\"\"\"",           // 11
      "    x: int = 0",                     // 12
      "",                                   // 13
      "    # Distance.",                    // 14
      "    @property",                      // 15
      "    def norm(self):",                // 16
      "        def inner():",               // 17 nested functions stay in their function
      "            return 1",               // 18
      "        return inner()",             // 19
      "",                                   // 20
      "    async def fetch(self):",         // 21
      "        pass",                       // 22
      "",                                   // 23
      "",                                   // 24
      "if __name__ == \"__main__\":",       // 25
      "    helper(1)",                      // 26
      "");
  private final PythonChunker chunker = new PythonChunker();

  @Test
  void chunksFunctionsClassesAndMethodsWithDecoratorsAndComments() {
    List<Chunk> chunks = chunkChecked(chunker, doc("geo.py", "python", MODULE));
    assertThat(rows(chunks)).containsExactly(
        "preamble null 0-1",
        "function helper 4-6",
        "class Point 9-12",
        "method norm 14-19",
        "method fetch 21-22",
        "statements null 25-26");
    assertThat(chunks.get(3).text()).startsWith("    # Distance.\n    @property\n    def norm(self):");
  }

  /**
   * A form feed on a line of its own (the standard library's email package separates sections with them) is
   * whitespace: the file keeps its structure. With the runtime io.github.bonede ships (tree-sitter 0.26.6) the tree
   * had an error there and the whole file fell back to paragraphs.
   */
  @Test
  void aFormFeedBetweenDefinitionsKeepsTheStructure() {
    String text = "import os\n\n\f\ndef first():\n    return 1\n\n\f\nclass Second:\n    def third(self):\n"
        + "        pass\n";
    assertThat(rows(chunkChecked(chunker, doc("ff.py", "python", text)))).containsExactly(
        "preamble null 0-0",
        "function first 3-4",
        "class Second 7-7",
        "method third 8-9");
  }

  @Test
  void mapsNonAsciiTextToTheRightLinesAndNames() {
    String text = "# Grüße 😀\ndef grüße(名前):\n    return \"ünïcødé 😀\"\n\nclass Café:\n    def naïve(self): pass\n";
    assertThat(rows(chunkChecked(chunker, doc("u.py", "python", text))))
        .containsExactly("function grüße 0-2", "class Café 4-4", "method naïve 5-5");
  }

  @Test
  void sameRowsForCrLfAndCrLineEndings() {
    List<String> expected = rows(chunker.chunk(doc("g.py", "python", MODULE)));
    assertThat(rows(chunkChecked(chunker, doc("g.py", "python", MODULE.replace("\n", "\r\n")))))
        .isEqualTo(expected);
    assertThat(rows(chunkChecked(chunker, doc("g.py", "python", MODULE.replace("\n", "\r")))))
        .isEqualTo(expected);
  }

  @Test
  void fallsBackToParagraphsOnASyntaxError() {
    String text = "def broken(:\n    pass\n\nx = 1\n";
    assertThat(rows(chunkChecked(chunker, doc("b.py", "python", text))))
        .containsExactly("paragraphs null 0-3");
  }

  @Test
  void longModuleLevelCodeIsPackedButAPreambleBeforeDeclarationsIsOneChunk() {
    String line = "value = compute(" + "1, ".repeat(20) + "2)"; // 78 chars
    String block = (line + "\n").repeat(6) + "\n" + (line + "\n").repeat(6); // 13 lines, 948 chars
    PythonChunker small = new PythonChunker(500);
    assertThat(rows(chunkChecked(small, doc("script.py", "python", block))))
        .containsExactly("preamble null 0-5", "preamble null 7-12");
    assertThat(rows(chunkChecked(small, doc("tail.py", "python", "def f():\n    pass\n\n" + block))))
        .containsExactly("function f 0-1", "statements null 3-8", "statements null 10-15");
    assertThat(rows(chunkChecked(small, doc("head.py", "python", block + "\ndef f():\n    pass\n"))))
        .containsExactly("preamble null 0-12", "function f 14-15");
  }
}
