package dev.weft.transforms.graph;

import java.util.regex.Matcher;

/**
 * Blanks comments (and, on request, string literals) out of C-family source, keeping every other character, every
 * line break and so every offset, so the extractors' patterns never match an import inside a comment or a string. A light lexer rather than a
 * parse: import statements are simple enough, and a full parse per file would double the chunker's cost.
 */
final class SourceText {
  private SourceText() {}

  /**
   * @param blankStrings also blank the contents of {@code "..."}, {@code '...'} and {@code `...`} literals (their
   *     quotes stay)
   * @param hashComments {@code #} starts a line comment (Python) instead of {@code //} and {@code /* *\/}
   */
  static String strip(String text, boolean blankStrings, boolean hashComments) {
    StringBuilder out = new StringBuilder(text.length());
    int n = text.length();
    int i = 0;
    while (i < n) {
      char c = text.charAt(i);
      if (hashComments ? c == '#' : c == '/' && i + 1 < n && text.charAt(i + 1) == '/') {
        while (i < n && text.charAt(i) != '\n') {
          out.append(' ');
          i++;
        }
      } else if (!hashComments && c == '/' && i + 1 < n && text.charAt(i + 1) == '*') {
        int end = text.indexOf("*/", i + 2);
        end = end < 0 ? n : end + 2;
        blank(text, i, end, out);
        i = end;
      } else if (c == '"' || c == '\'' || c == '`') {
        int end = stringEnd(text, i, c);
        out.append(c);
        if (blankStrings) {
          blank(text, i + 1, Math.max(i + 1, end - 1), out);
        } else {
          out.append(text, i + 1, Math.max(i + 1, end - 1));
        }
        if (end - 1 > i) {
          // the closing quote, or (an unclosed literal) its last character, blanked like the rest
          char last = text.charAt(end - 1);
          out.append(last == c || last == '\n' || !blankStrings ? last : ' ');
        }
        i = end;
      } else {
        out.append(c);
        i++;
      }
    }
    return out.toString();
  }

  /** One past the closing quote (or the end of the line for an unclosed one-line literal). */
  private static int stringEnd(String text, int start, char quote) {
    boolean triple = text.startsWith(String.valueOf(quote).repeat(3), start);
    if (triple) {
      int end = text.indexOf(String.valueOf(quote).repeat(3), start + 3);
      return end < 0 ? text.length() : end + 3;
    }
    int i = start + 1;
    while (i < text.length()) {
      char c = text.charAt(i);
      if (c == '\\') {
        i += 2;
        continue;
      }
      if (c == quote) {
        return i + 1;
      }
      if (c == '\n' && quote != '`') {
        return i;
      }
      i++;
    }
    return text.length();
  }

  private static void blank(String text, int from, int to, StringBuilder out) {
    for (int i = from; i < to && i < text.length(); i++) {
      out.append(text.charAt(i) == '\n' ? '\n' : ' ');
    }
  }

  /**
   * A pattern's group read from the original text: the patterns match on the stripped text (so a string or a comment
   * never matches), which keeps every offset, and a blanked string's contents are read back from the original.
   */
  static String group(String original, Matcher m, int group) {
    return original.substring(m.start(group), m.end(group));
  }

  /** {@code dir/rel} with {@code .} and {@code ..} folded; null when it climbs above the root. */
  static String join(String dir, String rel) {
    java.util.ArrayDeque<String> parts = new java.util.ArrayDeque<>();
    for (String part : (dir.isEmpty() ? rel : dir + "/" + rel).split("/")) {
      if (part.isEmpty() || part.equals(".")) {
        continue;
      }
      if (part.equals("..")) {
        if (parts.isEmpty()) {
          return null;
        }
        parts.removeLast();
      } else {
        parts.addLast(part);
      }
    }
    return String.join("/", parts);
  }

  static String parent(String path) {
    int slash = path.lastIndexOf('/');
    return slash < 0 ? "" : path.substring(0, slash);
  }
}
