package dev.weft.transforms.chunk;

import static dev.weft.transforms.chunk.ChunkContract.assertContract;
import static dev.weft.transforms.chunk.ChunkContract.assertCoversContent;
import static dev.weft.transforms.chunk.ChunkContract.assertWithinCap;
import static dev.weft.transforms.chunk.ChunkContract.doc;

import dev.weft.context.Chunk;
import dev.weft.context.SourceDocument;
import java.util.List;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * The line chunkers at any size cap (the contract at the default cap, and on any text, is
 * {@link ChunkerContractTest}'s).
 */
class LineChunkerPropertiesTest {
  @Property(tries = 500)
  void paragraphPacksKeepTheContract(
      @ForAll("documents") String text, @ForAll @IntRange(min = 1, max = 200) int cap) {
    check(new ParagraphChunker(cap), doc("p.txt", "text", text), cap);
  }

  @Property(tries = 500)
  void markdownSectionsKeepTheContract(
      @ForAll("documents") String text, @ForAll @IntRange(min = 1, max = 200) int cap) {
    check(new MarkdownChunker(cap), doc("d.md", "markdown", text), cap);
  }

  @Property(tries = 300)
  void rstSectionsKeepTheContract(
      @ForAll("documents") String text, @ForAll @IntRange(min = 1, max = 200) int cap) {
    check(new RstChunker(cap), doc("d.rst", "rst", text), cap);
  }

  private static void check(Chunker chunker, SourceDocument doc, int cap) {
    List<Chunk> chunks = chunker.chunk(doc);
    assertContract(doc, chunks);
    assertCoversContent(doc, chunks);
    assertWithinCap(chunks, cap);
  }

  @Provide
  Arbitrary<String> documents() {
    return TextGenerators.documents();
  }
}
