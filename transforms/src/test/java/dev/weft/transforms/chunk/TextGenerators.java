package dev.weft.transforms.chunk;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

/** Texts that exercise the line-based chunkers: structure-ish lines, odd terminators, overlong lines. */
final class TextGenerators {
  private TextGenerators() {}

  static Arbitrary<String> documents() {
    Arbitrary<String> line = Arbitraries.oneOf(
        Arbitraries.strings().withChars("ab #=-`~\t*>1.").ofMaxLength(30),
        Arbitraries.of("", "", " ", "\t", "# Title", "## Sub ##", "#", "```", "```js", "~~~~", "    ```",
            "===", "---", "Setext", "- item", "1. first", "> quote", "text words here",
            "Title", "=====", "-----", "~~~~~", "  inset", ".. note::", "x".repeat(150)),
        Arbitraries.strings().alpha().ofMaxLength(120));
    Arbitrary<String> terminator = Arbitraries.of("\n", "\n", "\n", "\r\n", "\r");
    Arbitrary<String> body = Combinators.combine(line, terminator).as(String::concat).list().ofMaxSize(40)
        .map(parts -> String.join("", parts));
    return Combinators.combine(body, line).as((b, last) -> b + last);
  }

  static Arbitrary<String> anyText() {
    return Arbitraries.oneOf(
        Arbitraries.strings().ofMaxLength(300),
        Arbitraries.strings().withCharRange('\u0000', '\u00ff').ofMaxLength(300),
        documents());
  }
}
