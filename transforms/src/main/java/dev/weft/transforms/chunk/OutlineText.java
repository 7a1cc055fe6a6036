package dev.weft.transforms.chunk;

/**
 * A source file's text with the contents of the code blocks its chunker never reads emptied, for tree-sitter to
 * read declarations from: parsing the bodies was most of the parse, and the chunkers visit only the top level and
 * the bodies of types (docs/ingest.md, "Outlines"). {@link #java}: method, constructor and initializer bodies, and
 * the braces of field initializers (array initializers, lambdas, anonymous classes), type bodies kept; {@link #go}:
 * every block at the top level (function bodies, struct and interface bodies, composite literals), as the Go
 * chunker reads declarations from the top level and grouped {@code type ( ... )} specs only.
 *
 * <p>Every line stays where it was and every line that keeps text keeps its UTF-8 byte columns (tree-sitter's
 * points are rows and byte columns, read back against the original lines): an emptied block keeps its braces and
 * its line breaks; the rest of the line a block opens on and the start of the line it closes on become as many
 * spaces as they had bytes, and the lines wholly inside it become empty. In Java a block is a type body, and is
 * scanned rather than emptied, when its header — the tokens since the last {@code ;}, <code>{</code> or
 * <code>}</code> at type level — holds {@code class}, {@code interface}, {@code enum} or {@code record} as a word
 * not after a dot (comments and literals skipped). Misreading a method's header as a type's (a method named {@code
 * record}) only empties less; a type header always holds its keyword, so a type body is never emptied. The
 * chunkers' tests hold the declarations read from an outline to those of the whole text (OutlineTextTest).
 */
final class OutlineText {
  private OutlineText() {}

  static String java(String text) {
    return of(text, true);
  }

  static String go(String text) {
    return of(text, false);
  }

  /** @param java Java's literals and type bodies; else Go's literals, every top-level block emptied */
  private static String of(String text, boolean java) {
    StringBuilder out = new StringBuilder(text.length());
    int n = text.length();
    boolean typeHeader = false;
    char previous = 0; // the last significant character at type level, to tell `Foo.class` from `class Foo`
    int i = 0;
    while (i < n) {
      char c = text.charAt(i);
      int skipped = skipCommentOrLiteral(text, i, java);
      if (skipped > i) {
        out.append(text, i, skipped);
        i = skipped;
      } else if (java && Character.isJavaIdentifierStart(c)) {
        int end = i + 1;
        while (end < n && Character.isJavaIdentifierPart(text.charAt(end))) {
          end++;
        }
        typeHeader |= previous != '.' && isTypeKeyword(text, i, end);
        out.append(text, i, end);
        previous = text.charAt(end - 1);
        i = end;
      } else if (c == '{' && !typeHeader) {
        int close = matchingBrace(text, i, java);
        out.append('{');
        empty(text, i + 1, close, out);
        if (close < n) {
          out.append('}');
        }
        previous = '}';
        i = close + 1;
      } else {
        if (c == '{' || c == '}' || c == ';') {
          typeHeader = false;
        }
        if (!Character.isWhitespace(c)) {
          previous = c;
        }
        out.append(c);
        i++;
      }
    }
    return out.toString();
  }

  private static boolean isTypeKeyword(String text, int start, int end) {
    return switch (end - start) {
      case 4 -> text.startsWith("enum", start);
      case 5 -> text.startsWith("class", start);
      case 6 -> text.startsWith("record", start);
      case 9 -> text.startsWith("interface", start);
      default -> false;
    };
  }

  /**
   * The index after the comment or literal starting at {@code i}, or {@code i} when none starts there: comments,
   * strings and character literals (runes), and Java's text blocks or Go's raw strings. An unclosed string or
   * character ends with its line; an unclosed comment, text block or raw string with the text.
   */
  private static int skipCommentOrLiteral(String text, int i, boolean java) {
    int n = text.length();
    char c = text.charAt(i);
    if (c == '/' && i + 1 < n) {
      char next = text.charAt(i + 1);
      if (next == '/') {
        int end = text.indexOf('\n', i + 2);
        return end < 0 ? n : end;
      }
      if (next == '*') {
        int end = text.indexOf("*/", i + 2);
        return end < 0 ? n : end + 2;
      }
      return i;
    }
    if (java && c == '"' && text.startsWith("\"\"\"", i)) {
      for (int j = i + 3; j < n; j++) {
        if (text.charAt(j) == '\\') {
          j++;
        } else if (text.startsWith("\"\"\"", j)) {
          return j + 3;
        }
      }
      return n;
    }
    if (!java && c == '`') {
      int end = text.indexOf('`', i + 1);
      return end < 0 ? n : end + 1;
    }
    if (c == '"' || c == '\'') {
      for (int j = i + 1; j < n; j++) {
        char d = text.charAt(j);
        if (d == '\\') {
          j++;
        } else if (d == c) {
          return j + 1;
        } else if (d == '\n') {
          return j;
        }
      }
      return n;
    }
    return i;
  }

  /** The index of the brace closing the one at {@code open}, or the text's length when it is not closed. */
  private static int matchingBrace(String text, int open, boolean java) {
    int depth = 0;
    int n = text.length();
    int i = open;
    while (i < n) {
      int skipped = skipCommentOrLiteral(text, i, java);
      if (skipped > i) {
        i = skipped;
        continue;
      }
      char c = text.charAt(i);
      if (c == '{') {
        depth++;
      } else if (c == '}' && --depth == 0) {
        return i;
      }
      i++;
    }
    return n;
  }

  /** Appends {@code text[from, to)} emptied: line breaks kept, the first and last lines' bytes as spaces. */
  private static void empty(String text, int from, int to, StringBuilder out) {
    // the breaks are looked for within [from, to) only: a search past the block would make a one-line file of many
    // blocks quadratic
    int firstBreak = from;
    while (firstBreak < to && text.charAt(firstBreak) != '\n') {
      firstBreak++;
    }
    if (firstBreak == to) {
      spaces(text, from, to, out);
      return;
    }
    spaces(text, from, firstBreak, out);
    int lastBreak = to - 1;
    while (text.charAt(lastBreak) != '\n') {
      lastBreak--;
    }
    for (int i = firstBreak; i <= lastBreak; i++) {
      if (text.charAt(i) == '\n') {
        out.append('\n');
      }
    }
    spaces(text, lastBreak + 1, to, out);
  }

  /** As many spaces as {@code text[from, to)} has UTF-8 bytes. */
  private static void spaces(String text, int from, int to, StringBuilder out) {
    for (int i = from; i < to; i++) {
      char c = text.charAt(i);
      int bytes = c < 0x80 ? 1 : c < 0x800 || Character.isSurrogate(c) ? 2 : 3;
      for (int b = 0; b < bytes; b++) {
        out.append(' ');
      }
    }
  }
}
