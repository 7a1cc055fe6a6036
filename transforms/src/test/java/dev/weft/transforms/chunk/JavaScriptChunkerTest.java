package dev.weft.transforms.chunk;

import static dev.weft.transforms.chunk.ChunkContract.chunkChecked;
import static dev.weft.transforms.chunk.ChunkContract.doc;
import static dev.weft.transforms.chunk.ChunkContract.rows;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class JavaScriptChunkerTest {
  static final String COUNTER = String.join("\n",
      "import { x } from \"./x.js\";",    // 0
      "",                                 // 1
      "// Adds two numbers.",             // 2
      "export function add(a, b) {",      // 3
      "  return a + b;",                  // 4
      "}",                                // 5
      "",                                 // 6
      "const mul = (a, b) => a * b;",     // 7
      "",                                 // 8
      "/**",                              // 9
      " * A counter.",                    // 10
      " */",                              // 11
      "export class Counter extends Base {", // 12
      "  count = 0;",                     // 13
      "",                                 // 14
      "  constructor() {",                // 15
      "    super();",                     // 16
      "  }",                              // 17
      "",                                 // 18
      "  // Increments.",                 // 19
      "  inc() {",                        // 20
      "    this.count++;",                // 21
      "  }",                              // 22
      "}",                                // 23
      "",                                 // 24
      "export default function () {}",    // 25
      "",                                 // 26
      "module.exports = { add };",        // 27
      "");
  private final JavaScriptChunker chunker = new JavaScriptChunker();

  @Test
  void chunksFunctionsClassesMethodsAndArrowConstants() {
    assertThat(rows(chunkChecked(chunker, doc("counter.js", "javascript", COUNTER)))).containsExactly(
        "preamble null 0-0",
        "function add 2-5",
        "function mul 7-7",
        "class Counter 9-13",
        "method constructor 15-17",
        "method inc 19-22",
        "function null 25-25",
        "statements null 27-27");
  }

  @Test
  void cutsNamesAfterNonAsciiTextOnTheSameLine() {
    String text = "/* ünï 😀 */ function café() {}\nconst naïve = class { ß() {} };\n";
    assertThat(rows(chunkChecked(chunker, doc("u.js", "javascript", text))))
        .containsExactly("function café 0-0", "class naïve 1-1");
  }

  @Test
  void parsesJsx() {
    String text = "function App() {\n  return <div className=\"a\">hi</div>;\n}\n";
    assertThat(rows(chunkChecked(chunker, doc("App.jsx", "javascript", text))))
        .containsExactly("function App 0-2");
  }

  @Test
  void fallsBackToParagraphsOnASyntaxError() {
    assertThat(rows(chunkChecked(chunker, doc("b.js", "javascript", "function (\n"))))
        .containsExactly("paragraphs null 0-0");
  }
}
