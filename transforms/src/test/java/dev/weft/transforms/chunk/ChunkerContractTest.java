package dev.weft.transforms.chunk;

import static dev.weft.transforms.chunk.ChunkContract.assertContract;
import static dev.weft.transforms.chunk.ChunkContract.assertCoversContent;
import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.context.Chunk;
import dev.weft.context.ChunkIds;
import dev.weft.context.Kind;
import dev.weft.context.SourceDocument;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * The contract every {@link Chunker} keeps, as a suite to subclass (in the style of Lucene's
 * {@code BaseDirectoryTestCase}): one subclass per chunker, naming the chunker, its format and a few real documents
 * of that format. Published in the transforms test jar, so a chunker written elsewhere is held to the same rules.
 *
 * <p>The rules: it never throws, on any text; chunks are sorted by line, never overlap and never leave the
 * document; lines are 0-based and inclusive, and a chunk's text is exactly its lines as {@link String#lines()} cuts
 * them (joined by {@code \n}), except that a line over the limit is cut into consecutive parts that each carry its
 * number; ids are {@code <path>#<ordinal>} and the same every time; no chunk is blank or over
 * {@link OversizeSplitter#MAX_CHUNK_CHARS}; path, kind, format and content hash are the document's; blank input
 * gives no chunks; and (unless {@link #coversEveryLine()} says otherwise) every non-blank line is in a chunk.
 */
public abstract class ChunkerContractTest {
  private static final int MAX = OversizeSplitter.MAX_CHUNK_CHARS;

  /** The chunker under test. */
  protected abstract Chunker chunker();

  /** The format id its documents carry ({@code java}, {@code markdown}, ...). */
  protected abstract String format();

  /** Real documents of the format, each chunked and checked; structure the generators would rarely produce. */
  protected abstract List<String> samples();

  /**
   * Whether every non-blank line lies in some chunk. Code chunkers leave lines outside any declaration (a type's
   * closing bracket) out of every chunk, and answer false.
   */
  protected boolean coversEveryLine() {
    return true;
  }

  /** Lines the structured generator mixes: constructs of every supported language and markup, broken or not. */
  protected List<String> fragmentLines() {
    return List.of(
        "class A {", "class B:", "}", "};", ")", "", "  ", "/** doc */", "// note", "# note", "/*", "*/",
        "  void f() {}", "  int x;", "def f(x):", "    return x", "    pass", "@decorator", "    @property",
        "function g() {", "  return 1;", "export const h = () => 1;", "interface I { m(): void; }",
        "func F() {", "type T struct {", "type (", "package p", "import os", "  m() {}",
        "record R(int a) {", "enum E { A, B }", "\"\"\"", "é😀", "\t", "namespace N {",
        "# Title", "## Sub", "Title", "=====", "-----", "```", ".. note::", "- item", "> quote");
  }

  @Property(tries = 150)
  void anyTextKeepsTheContract(@ForAll("anyText") String text) {
    check(text);
  }

  @Property(tries = 150)
  void structuredTextKeepsTheContract(@ForAll("structured") String text) {
    check(text);
  }

  @Test
  void samplesKeepTheContract() {
    assertThat(samples()).as("a contract subclass names at least one real document").isNotEmpty();
    for (String sample : samples()) {
      assertThat(check(sample)).as("a real document gives chunks").isNotEmpty();
    }
  }

  @Test
  void blankInputGivesNoChunks() {
    for (String blank : List.of("", " ", "\n", "\n\n\n", "\t\r\n", "   \r   \n")) {
      assertThat(chunker().chunk(doc("blank", blank))).as("'%s'", blank.replace("\n", "\\n")).isEmpty();
    }
  }

  @Test
  void idsAreThePathAndOrdinalAndTheSameEveryTime() {
    for (String sample : samples()) {
      List<Chunk> first = chunker().chunk(doc("dir/f", sample));
      List<Chunk> second = chunker().chunk(doc("dir/f", sample));
      assertThat(second).isEqualTo(first);
      for (int i = 0; i < first.size(); i++) {
        assertThat(first.get(i).id()).isEqualTo(ChunkIds.of("dir/f", i)).isEqualTo("dir/f#" + i);
      }
    }
  }

  @Test
  void noChunkIsOverTheLimitAndALongLineIsCutIntoItsParts() {
    String longLine = "lorem ipsum dolor sit amet ".repeat(2_000).strip(); // ~54,000 chars on one line
    String manyLines = "words on a line of text\n".repeat(2_000);
    for (String text : List.of(longLine, "x".repeat(3 * MAX + 7), manyLines, samples().get(0) + "\n" + longLine)) {
      List<Chunk> chunks = check(text);
      assertThat(chunks).allSatisfy(c -> assertThat(c.text().length()).isLessThanOrEqualTo(MAX));
    }
    List<Chunk> parts = chunker().chunk(doc("one", longLine));
    assertThat(parts).allSatisfy(c -> assertThat(c.startLine()).isZero());
    assertThat(parts.stream().map(Chunk::text).collect(Collectors.joining()))
        .as("the parts in id order are the line").isEqualTo(longLine);
  }

  /** Chunks {@code text} and checks every rule; returns the chunks. */
  protected final List<Chunk> check(String text) {
    SourceDocument doc = doc("dir/f", text);
    List<Chunk> chunks = chunker().chunk(doc);
    assertContract(doc, chunks);
    if (coversEveryLine()) {
      assertCoversContent(doc, chunks);
    }
    return chunks;
  }

  private SourceDocument doc(String path, String text) {
    Kind kind = Formats.byId(format()).map(Format::kind).orElse(Kind.DOC);
    return new SourceDocument(path, kind, format(), text, "hash-" + text.hashCode(), 1L, text.length());
  }

  @Provide
  Arbitrary<String> anyText() {
    return TextGenerators.anyText();
  }

  @Provide
  Arbitrary<String> structured() {
    Arbitrary<String> line = Arbitraries.of(new ArrayList<>(fragmentLines()));
    Arbitrary<String> terminator = Arbitraries.of("\n", "\n", "\r\n", "\r");
    Arbitrary<String> fragments = Combinators.combine(line, terminator).as(String::concat).list().ofMaxSize(30)
        .map(parts -> String.join("", parts));
    return Arbitraries.oneOf(fragments, TextGenerators.documents());
  }
}
