package dev.weft.transforms.chunk;

import java.util.ArrayList;
import java.util.List;

/**
 * The last pass every chunker's output goes through: a chunk longer than {@link #MAX_CHUNK_CHARS} is cut at line
 * boundaries, and a single line longer than that at word boundaries, or at character boundaries where a line has
 * no whitespace to cut at (minified code, base64). A 50 MB one-line file or a 10 MB dataset record thus becomes
 * many chunks an embedder and a reader can use, not one.
 *
 * <p>Why 4,000 chars: five times the ~800-char paragraph packs, so ordinary methods, sections and packs are never
 * touched; about 1,000 tokens, which an agent reads at a glance and which is within a factor of two of what
 * bge-small embeds (512 tokens; the rest is truncated and counted). Chunks cut from whole lines keep the line
 * contract (text = lines {@code start..end}); pieces of one long line all carry that line's number, each holding a
 * consecutive part of it, so together they are the line.
 */
final class OversizeSplitter {
  static final int MAX_CHUNK_CHARS = 4_000;

  /**
   * One chunk's lines and text.
   *
   * @param text lines {@code startLine..endLine} joined by {@code \n}, or a part of line {@code startLine}
   */
  record Piece(int startLine, int endLine, String text) {}

  private OversizeSplitter() {}

  /** Lines {@code start..end} (blank edges already trimmed) as pieces of at most {@code max} chars. */
  static List<Piece> split(Lines lines, int start, int end, int max) {
    if (lines.chars(start, end) <= max) {
      return List.of(new Piece(start, end, lines.text(start, end)));
    }
    List<Piece> out = new ArrayList<>();
    int pieceStart = -1; // first line of the whole-line piece being built, -1 when none
    for (int i = start; i <= end; i++) {
      if (lines.length(i) > max) {
        addLines(lines, pieceStart, i - 1, out);
        pieceStart = -1;
        splitLine(lines.line(i), i, max, out);
      } else if (pieceStart < 0) {
        pieceStart = i;
      } else if (lines.chars(pieceStart, i) > max) {
        addLines(lines, pieceStart, i - 1, out);
        pieceStart = i;
      }
    }
    addLines(lines, pieceStart, end, out);
    return out;
  }

  private static void addLines(Lines lines, int from, int to, List<Piece> out) {
    if (from < 0) {
      return;
    }
    while (from <= to && lines.isBlank(from)) {
      from++;
    }
    while (to >= from && lines.isBlank(to)) {
      to--;
    }
    if (from <= to) {
      out.add(new Piece(from, to, lines.text(from, to)));
    }
  }

  /**
   * Cuts one line into consecutive parts of at most {@code max} chars: after the last whitespace in the second
   * half of the window when there is one (the space stays with the left part), else at {@code max} chars, never
   * between the two halves of a surrogate pair. Blank parts are dropped.
   */
  static void splitLine(String line, int lineNumber, int max, List<Piece> out) {
    int from = 0;
    while (line.length() - from > max) {
      int cut = from + max;
      int space = lastWhitespace(line, from + max / 2, cut);
      if (space >= 0) {
        cut = space + 1;
      } else if (Character.isLowSurrogate(line.charAt(cut)) && Character.isHighSurrogate(line.charAt(cut - 1))) {
        cut--;
      }
      add(line.substring(from, cut), lineNumber, out);
      from = cut;
    }
    add(line.substring(from), lineNumber, out);
  }

  /** The index of the last whitespace char in {@code [from, to)}, or -1. */
  private static int lastWhitespace(String line, int from, int to) {
    for (int i = to - 1; i >= from; i--) {
      if (Character.isWhitespace(line.charAt(i))) {
        return i;
      }
    }
    return -1;
  }

  private static void add(String part, int lineNumber, List<Piece> out) {
    if (!part.isBlank()) {
      out.add(new Piece(lineNumber, lineNumber, part));
    }
  }
}
