package dev.weft.transforms.chunk;

import java.util.Arrays;

/**
 * A text split into lines exactly as {@link String#lines()} splits it ({@code \n}, {@code \r\n} or {@code \r}
 * end a line; a trailing terminator does not start an empty last line), so a chunk's 0-based line range cuts
 * the same text a reader gets from {@code text.lines()}. One pass, no regex, no per-line strings until asked.
 */
final class Lines {
  private final String text;
  private final int count;
  /** Char offset where line i starts. */
  private final int[] starts;
  /** Char offset where line i's content ends (before its terminator). */
  private final int[] ends;
  /** Sum of the lengths of lines 0..i-1, so a range's joined length is O(1). */
  private final long[] prefix;
  private final boolean[] blank;
  /** True when every terminator is a lone {@code \n}: a range's text is then one substring. */
  private final boolean plainNewlines;

  private Lines(String text) {
    this.text = text;
    int n = text.length();
    int cap = 16;
    int[] s = new int[cap];
    int[] e = new int[cap];
    boolean[] b = new boolean[cap];
    int c = 0;
    int lineStart = 0;
    boolean plain = true;
    // each line's end from indexOf, which the JIT vectorizes, and its blankness from its first characters: a loop
    // testing every character for a terminator cost about 9 ns a character
    int nextLf = text.indexOf('\n');
    int nextCr = text.indexOf('\r');
    while (lineStart < n) {
      if (nextLf >= 0 && nextLf < lineStart) {
        nextLf = text.indexOf('\n', lineStart);
      }
      if (nextCr >= 0 && nextCr < lineStart) {
        nextCr = text.indexOf('\r', lineStart);
      }
      int end = nextLf < 0 ? nextCr : nextCr < 0 ? nextLf : Math.min(nextLf, nextCr);
      int lineEnd = end < 0 ? n : end;
      if (c == s.length) {
        s = Arrays.copyOf(s, c * 2);
        e = Arrays.copyOf(e, c * 2);
        b = Arrays.copyOf(b, c * 2);
      }
      s[c] = lineStart;
      e[c] = lineEnd;
      b[c] = isBlank(text, lineStart, lineEnd);
      c++;
      if (end < 0) {
        break; // the last line has no terminator
      }
      char terminator = text.charAt(end);
      plain &= terminator == '\n';
      lineStart = end + (terminator == '\r' && end + 1 < n && text.charAt(end + 1) == '\n' ? 2 : 1);
    }
    this.count = c;
    this.starts = s;
    this.ends = e;
    this.blank = b;
    this.plainNewlines = plain;
    this.prefix = new long[c + 1];
    for (int k = 0; k < c; k++) {
      prefix[k + 1] = prefix[k] + (e[k] - s[k]);
    }
  }

  /** Same definition of blank as String.isBlank(), so tests can use it as the oracle. */
  private static boolean isBlank(String text, int from, int to) {
    for (int i = from; i < to; i++) {
      if (!Character.isWhitespace(text.charAt(i))) {
        return false;
      }
    }
    return true;
  }

  static Lines of(String text) {
    return new Lines(text);
  }

  int count() {
    return count;
  }

  String line(int i) {
    return text.substring(starts[i], ends[i]);
  }

  int length(int i) {
    return ends[i] - starts[i];
  }

  char charAt(int line, int column) {
    return text.charAt(starts[line] + column);
  }

  boolean isBlank(int i) {
    return blank[i];
  }

  /** True when some line in {@code from..to} is not blank. */
  boolean hasContent(int from, int to) {
    for (int i = from; i <= to; i++) {
      if (!blank[i]) {
        return true;
      }
    }
    return false;
  }

  /** Length of lines {@code from..to} joined by {@code \n}: the length of {@link #text(int, int)}. */
  long chars(int from, int to) {
    return prefix[to + 1] - prefix[from] + (to - from);
  }

  /** Lines {@code from..to} (inclusive) joined by {@code \n}. */
  String text(int from, int to) {
    if (plainNewlines) {
      return text.substring(starts[from], ends[to]);
    }
    StringBuilder sb = new StringBuilder((int) Math.min(Integer.MAX_VALUE, chars(from, to)));
    for (int i = from; i <= to; i++) {
      if (i > from) {
        sb.append('\n');
      }
      sb.append(text, starts[i], ends[i]);
    }
    return sb.toString();
  }

  /**
   * The text with every terminator rewritten to {@code \n}: parsers that count rows on {@code \n} only
   * (tree-sitter) then number rows exactly like these lines.
   */
  String withNewlines() {
    if (plainNewlines) {
      return text;
    }
    return count == 0 ? "" : text(0, count - 1) + "\n";
  }

  /** The char column in line {@code i} at UTF-8 byte column {@code byteColumn}, clamped to the line. */
  int charColumn(int i, int byteColumn) {
    int bytes = 0;
    int col = starts[i];
    int end = ends[i];
    while (col < end && bytes < byteColumn) {
      char ch = text.charAt(col);
      if (ch < 0x80) {
        bytes += 1;
      } else if (ch < 0x800) {
        bytes += 2;
      } else if (Character.isHighSurrogate(ch) && col + 1 < end && Character.isLowSurrogate(text.charAt(col + 1))) {
        bytes += 4;
        col++;
      } else {
        bytes += 3;
      }
      col++;
    }
    return col - starts[i];
  }
}
