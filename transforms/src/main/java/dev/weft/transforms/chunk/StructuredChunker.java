package dev.weft.transforms.chunk;

import dev.weft.context.Chunk;
import dev.weft.context.ChunkIds;
import dev.weft.context.SourceDocument;
import dev.weft.transforms.chunk.OversizeSplitter.Piece;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The shared shell of every chunker: split lines once, ask the strategy for spans, fall back to paragraph
 * packing when the strategy cannot parse the text (or fails in any way), then enforce the {@link Chunker}
 * contract in one place so no strategy can break it.
 */
abstract class StructuredChunker implements Chunker {
  private static final long serialVersionUID = 1L;

  /** Default cap, in chars, for paragraph packs and for splitting long sections. */
  static final int DEFAULT_MAX_CHARS = 800;
  static final int MAX_CHARS_LIMIT = 1_000_000;

  final int maxChars;

  StructuredChunker(int maxChars) {
    if (maxChars < 1 || maxChars > MAX_CHARS_LIMIT) {
      throw new IllegalArgumentException(
          "chunk size must be between 1 and " + MAX_CHARS_LIMIT + ", got: " + maxChars);
    }
    this.maxChars = maxChars;
  }

  /**
   * The strategy's spans for {@code lines} (not yet sorted or trimmed), or null when the text does not parse
   * and should be paragraph-packed instead.
   */
  abstract List<Span> spans(String text, Lines lines);

  @Override
  public final List<Chunk> chunk(SourceDocument doc) {
    Lines lines = Lines.of(doc.text());
    if (lines.count() == 0 || !lines.hasContent(0, lines.count() - 1)) {
      return List.of();
    }
    List<Span> spans;
    try {
      spans = spans(doc.text(), lines);
    } catch (RuntimeException | StackOverflowError e) {
      // Parsers are third-party code fed arbitrary text; any failure is a parse failure, never a lost file.
      spans = null;
    }
    if (spans == null) {
      spans = ParagraphChunker.pack(lines, 0, lines.count() - 1, maxChars, ParagraphChunker.NODE_TYPE, null);
    }
    return build(doc, lines, spans);
  }

  /**
   * Sorts, trims blank edges, drops blank or overlapping spans, cuts what is longer than
   * {@link OversizeSplitter#MAX_CHUNK_CHARS}, and numbers what is left.
   */
  private static List<Chunk> build(SourceDocument doc, Lines lines, List<Span> spans) {
    List<Span> sorted = new ArrayList<>(spans);
    sorted.sort(Comparator.comparingInt(Span::startLine).thenComparingInt(Span::endLine));
    List<Chunk> out = new ArrayList<>(sorted.size());
    int next = 0;
    for (Span span : sorted) {
      int start = Math.max(Math.max(span.startLine(), next), 0);
      int end = Math.min(span.endLine(), lines.count() - 1);
      while (start <= end && lines.isBlank(start)) {
        start++;
      }
      while (end >= start && lines.isBlank(end)) {
        end--;
      }
      if (start > end) {
        continue;
      }
      for (Piece piece : OversizeSplitter.split(lines, start, end, OversizeSplitter.MAX_CHUNK_CHARS)) {
        out.add(new Chunk(ChunkIds.of(doc.path(), out.size()), doc.path(), doc.kind(), doc.format(),
            span.symbol(), span.nodeType(), piece.startLine(), piece.endLine(), piece.text(), doc.contentHash()));
      }
      next = end + 1;
    }
    return out;
  }
}
