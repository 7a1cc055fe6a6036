package dev.weft.transforms.chunk;

import java.util.ArrayList;
import java.util.List;

/**
 * The paragraph packer: the strategy for plain text and the fallback for every text a structural chunker
 * cannot parse. Paragraphs are runs of non-blank lines; consecutive paragraphs are packed greedily into
 * chunks of at most {@code maxChars} chars (the length of the chunk text, blank lines between packed
 * paragraphs included). A paragraph is only split when it alone exceeds the cap, and then at line boundaries.
 *
 * <p>A single line longer than the cap is packed alone, whole: the only packs longer than the cap are single
 * lines, and only one longer than {@link OversizeSplitter#MAX_CHUNK_CHARS} is then cut into parts, by the pass
 * every chunker's output goes through.
 *
 * <p>nodeType {@value #NODE_TYPE}, symbol null.
 */
public final class ParagraphChunker extends StructuredChunker {
  private static final long serialVersionUID = 1L;

  static final String NODE_TYPE = "paragraphs";

  /** A packer with the default cap of 800 chars. */
  public ParagraphChunker() {
    this(DEFAULT_MAX_CHARS);
  }

  /**
   * @param maxChars the cap, between 1 and 1,000,000
   * @throws IllegalArgumentException naming the value when out of range
   */
  public ParagraphChunker(int maxChars) {
    super(maxChars);
  }

  @Override
  List<Span> spans(String text, Lines lines) {
    return pack(lines, 0, lines.count() - 1, maxChars, NODE_TYPE, null);
  }

  /**
   * Packs lines {@code from..to} as described in the class comment; every span carries {@code nodeType} and
   * {@code symbol}, so sections that are too long keep their heading as symbol.
   */
  static List<Span> pack(Lines lines, int from, int to, int maxChars, String nodeType, String symbol) {
    List<Span> out = new ArrayList<>();
    int start = -1; // first line of the pack being built, -1 when none
    int end = -1;
    int i = from;
    while (i <= to) {
      if (lines.isBlank(i)) {
        i++;
        continue;
      }
      int paraStart = i;
      while (i + 1 <= to && !lines.isBlank(i + 1)) {
        i++;
      }
      int paraEnd = i;
      i++;
      if (start >= 0 && lines.chars(start, paraEnd) <= maxChars) {
        end = paraEnd;
        continue;
      }
      if (start >= 0) {
        out.add(new Span(nodeType, symbol, start, end));
      }
      start = paraStart;
      end = paraEnd;
      if (lines.chars(paraStart, paraEnd) > maxChars) {
        // The paragraph alone is too long: cut it at line boundaries, keeping the last piece open so the
        // next paragraph may still join it.
        int pieceStart = paraStart;
        for (int line = paraStart + 1; line <= paraEnd; line++) {
          if (lines.chars(pieceStart, line) > maxChars) {
            out.add(new Span(nodeType, symbol, pieceStart, line - 1));
            pieceStart = line;
          }
        }
        start = pieceStart;
      }
    }
    if (start >= 0) {
      out.add(new Span(nodeType, symbol, start, end));
    }
    return out;
  }
}
