package dev.weft.transforms.chunk;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.context.Chunk;
import dev.weft.context.ChunkIds;
import dev.weft.context.Kind;
import dev.weft.context.SourceDocument;
import java.util.List;
import java.util.stream.Collectors;

/** Test helpers: documents, compact chunk rows, and the {@link Chunker} contract checked against an oracle. */
final class ChunkContract {
  private ChunkContract() {}

  static SourceDocument doc(String path, String format, String text) {
    Kind kind = format.equals("markdown") || format.equals("rst") || format.equals("text") ? Kind.DOC : Kind.CODE;
    return new SourceDocument(path, kind, format, text, "hash-" + text.hashCode(), 1L, text.length());
  }

  /** {@code nodeType symbol start-end}, compact enough to assert whole files at once. */
  static List<String> rows(List<Chunk> chunks) {
    return chunks.stream()
        .map(c -> c.nodeType() + " " + c.symbol() + " " + c.startLine() + "-" + c.endLine())
        .collect(Collectors.toList());
  }

  static List<Chunk> chunkChecked(Chunker chunker, SourceDocument doc) {
    List<Chunk> chunks = chunker.chunk(doc);
    assertContract(doc, chunks);
    return chunks;
  }

  /**
   * The contract every chunker keeps: sorted, non-overlapping, ids by ordinal, text equal to the lines that
   * {@link String#lines()} cuts, never blank, never over {@link OversizeSplitter#MAX_CHUNK_CHARS}, document fields
   * copied. The one exception to "text is the lines": a line over the limit is cut into consecutive parts that
   * all carry its line number.
   */
  static void assertContract(SourceDocument doc, List<Chunk> chunks) {
    List<String> lines = doc.text().lines().collect(Collectors.toList());
    int previousEnd = -1;
    int partOffset = 0; // where the next part of an over-long line may start
    for (int i = 0; i < chunks.size(); i++) {
      Chunk c = chunks.get(i);
      assertThat(c.id()).isEqualTo(ChunkIds.of(doc.path(), i));
      assertThat(c.path()).isEqualTo(doc.path());
      assertThat(c.kind()).isEqualTo(doc.kind());
      assertThat(c.format()).isEqualTo(doc.format());
      assertThat(c.contentHash()).isEqualTo(doc.contentHash());
      assertThat(c.endLine()).as("inside the document: %s", c).isLessThan(lines.size());
      assertThat(c.text()).as("not blank: %s", c).isNotBlank();
      assertThat(c.text().length()).as("at most the limit: %s", c.id()).isLessThanOrEqualTo(
          OversizeSplitter.MAX_CHUNK_CHARS);
      String line = lines.get(c.startLine());
      if (c.startLine() == c.endLine() && line.length() > OversizeSplitter.MAX_CHUNK_CHARS) {
        if (c.startLine() != previousEnd) {
          partOffset = 0;
        }
        assertThat(c.startLine()).as("sorted and non-overlapping: %s", c).isGreaterThanOrEqualTo(previousEnd);
        int at = line.indexOf(c.text(), partOffset);
        assertThat(at).as("a part of its line, after the previous part: %s", c.id()).isGreaterThanOrEqualTo(0);
        assertThat(line.substring(partOffset, at)).as("only blank between parts").isBlank();
        partOffset = at + c.text().length();
      } else {
        assertThat(c.startLine()).as("sorted and non-overlapping: %s", c).isGreaterThan(previousEnd);
        assertThat(c.text()).as("text is the cut lines").isEqualTo(
            String.join("\n", lines.subList(c.startLine(), c.endLine() + 1)));
      }
      previousEnd = c.endLine();
    }
    if (doc.text().isBlank()) {
      assertThat(chunks).isEmpty();
    }
  }

  /** Every non-blank line of the document lies in some chunk. */
  static void assertCoversContent(SourceDocument doc, List<Chunk> chunks) {
    List<String> lines = doc.text().lines().collect(Collectors.toList());
    boolean[] covered = new boolean[lines.size()];
    for (Chunk c : chunks) {
      for (int i = c.startLine(); i <= c.endLine(); i++) {
        covered[i] = true;
      }
    }
    for (int i = 0; i < lines.size(); i++) {
      if (!lines.get(i).isBlank()) {
        assertThat(covered[i]).as("line %d covered: '%s'", i, lines.get(i)).isTrue();
      }
    }
  }

  /** Only a single line may exceed the cap (it cannot be cut without breaking the line-range contract). */
  static void assertWithinCap(List<Chunk> chunks, int cap) {
    for (Chunk c : chunks) {
      if (c.text().length() > cap) {
        assertThat(c.startLine()).as("only a single line may exceed the cap: %s", c).isEqualTo(c.endLine());
      }
    }
  }
}
