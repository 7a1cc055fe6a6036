package dev.weft.transforms.graph;

import java.util.function.IntPredicate;
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
    // blanked in place in a copy, not appended char by char to a StringBuilder: each append checks capacity and
    // coder, and that was most of the cost (about 14 ns a character on a Java tree, against 1-2 ns now)
    char[] out = text.toCharArray();
    int n = out.length;
    int i = 0;
    while (i < n) {
      char c = out[i]; // positions at and after i are still the original's: only earlier ones were blanked
      if (hashComments ? c == '#' : c == '/' && i + 1 < n && out[i + 1] == '/') {
        while (i < n && out[i] != '\n') {
          out[i++] = ' ';
        }
      } else if (!hashComments && c == '/' && i + 1 < n && out[i + 1] == '*') {
        int end = text.indexOf("*/", i + 2);
        end = end < 0 ? n : end + 2;
        blank(out, i, end);
        i = end;
      } else if (c == '"' || c == '\'' || c == '`') {
        int end = stringEnd(text, i, c);
        if (blankStrings) {
          blank(out, i + 1, Math.max(i + 1, end - 1));
          if (end - 1 > i) {
            // the closing quote, or (an unclosed literal) its last character, blanked like the rest
            char last = out[end - 1];
            out[end - 1] = last == c || last == '\n' ? last : ' ';
          }
        }
        i = end; // at least i + 1
      } else {
        i++;
      }
    }
    return new String(out);
  }

  /** A pattern's blanks within a line, {@code [ \t\x0B\f]}. */
  static final IntPredicate BLANK = c -> c == ' ' || c == '\t' || c == '\u000B' || c == '\f';
  /** A pattern's {@code \s}: the blanks and {@code \n}, {@code \r}. */
  static final IntPredicate WHITESPACE = c -> BLANK.test(c) || c == '\n' || c == '\r';

  /**
   * What {@code pattern.find()} from {@code from} finds, for a pattern every match of which starts with one of
   * {@code keywords} (such as {@code \bimport\s*...}): the pattern is tried only where a keyword occurs instead of at
   * every position (a word boundary's test there costs two Character classifications; those scans were a sixth of
   * a Go tree's ingest CPU and a sixth of a TypeScript tree's). Transparent bounds let a leading {@code \b} or
   * look-behind see the characters before the keyword, and non-anchoring bounds keep {@code ^} from matching
   * there, so the answer is the plain search's.
   */
  static boolean findAtKeyword(Matcher pattern, String code, int from, String... keywords) {
    pattern.useTransparentBounds(true).useAnchoringBounds(false);
    int[] next = new int[keywords.length];
    for (int k = 0; k < keywords.length; k++) {
      next[k] = code.indexOf(keywords[k], from);
    }
    while (true) {
      int at = -1;
      for (int position : next) {
        if (position >= 0 && (at < 0 || position < at)) {
          at = position;
        }
      }
      if (at < 0) {
        return false;
      }
      pattern.region(at, code.length());
      if (pattern.lookingAt()) {
        return true;
      }
      for (int k = 0; k < keywords.length; k++) {
        if (next[k] == at) {
          next[k] = code.indexOf(keywords[k], at + 1);
        }
      }
    }
  }

  /**
   * What {@code statement.find()} from {@code from} finds for a pattern of the form {@code (?m)^L*keyword...}, where
   * {@code leading} holds the characters of L ({@link #BLANK} or {@link #WHITESPACE}), found by jumping between
   * occurrences of {@code keyword} rather than by trying the pattern at every position (a tenth of a Java tree's
   * ingest CPU went there, most of it scanning the body after the last import): an occurrence is tried from the first
   * line start in the run of leading characters before it. A later line start in that run would match the same
   * way, as {@code L*} takes the rest of the run.
   */
  static boolean findStatement(Matcher statement, String code, String keyword, int from, IntPredicate leading) {
    for (int at = code.indexOf(keyword, from); at >= 0; at = code.indexOf(keyword, at + 1)) {
      int run = at;
      while (run > from && leading.test(code.charAt(run - 1))) {
        run--;
      }
      for (int start = run; start <= at; start++) {
        if (isLineStart(code, start)) {
          statement.region(start, code.length());
          if (statement.lookingAt()) {
            return true;
          }
          break;
        }
      }
    }
    return false;
  }

  /** Where a multiline {@code ^} matches: the input's start, or after \n, \r (not of \r\n), U+0085, U+2028, U+2029. */
  private static boolean isLineStart(String code, int at) {
    if (at == 0) {
      return true;
    }
    char before = code.charAt(at - 1);
    return before == '\n' || before == '\u0085' || before == '\u2028' || before == '\u2029'
        || before == '\r' && code.charAt(at) != '\n';
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

  private static void blank(char[] out, int from, int to) {
    for (int i = from; i < to && i < out.length; i++) {
      if (out[i] != '\n') {
        out[i] = ' ';
      }
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
