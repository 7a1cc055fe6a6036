package dev.weft.transforms.chunk;

import static dev.weft.transforms.chunk.ChunkContract.assertContract;
import static dev.weft.transforms.chunk.ChunkContract.doc;

import dev.weft.context.SourceDocument;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The code chunkers never throw and keep the contract for arbitrary text and for shuffled code fragments
 * (which sometimes parse and sometimes fall back). Coverage is not asserted: closing brackets are left out.
 */
class CodeChunkerPropertiesTest {
  private static final List<String> FORMATS = List.of("java", "python", "javascript", "typescript", "go");

  @Property(tries = 200)
  void arbitraryTextNeverBreaksACodeChunker(@ForAll("anyText") String text) {
    for (String format : FORMATS) {
      SourceDocument doc = doc("f." + format, format, text);
      assertContract(doc, Chunkers.forFormat(format).chunk(doc));
    }
  }

  @Property(tries = 300)
  void codeFragmentsKeepTheContract(@ForAll("code") String text) {
    for (String format : FORMATS) {
      SourceDocument doc = doc("f." + format, format, text);
      assertContract(doc, Chunkers.forFormat(format).chunk(doc));
    }
  }

  @Provide
  Arbitrary<String> anyText() {
    return TextGenerators.anyText();
  }

  @Provide
  Arbitrary<String> code() {
    Arbitrary<String> line = Arbitraries.of(
        "class A {", "class B:", "}", "};", ")", "", "  ", "/** doc */", "// note", "# note", "/*", "*/",
        "  void f() {}", "  int x;", "def f(x):", "    return x", "    pass", "@decorator", "    @property",
        "function g() {", "  return 1;", "export const h = () => 1;", "interface I { m(): void; }",
        "func F() {", "type T struct {", "type (", "package p", "import os", "  m() {}",
        "record R(int a) {", "enum E { A, B }", "\"\"\"", "é😀", "\t", "namespace N {");
    Arbitrary<String> terminator = Arbitraries.of("\n", "\n", "\r\n", "\r");
    return Combinators.combine(line, terminator).as(String::concat).list().ofMaxSize(30)
        .map(parts -> String.join("", parts));
  }
}
