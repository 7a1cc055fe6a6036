package dev.weft.transforms.chunk;

import java.util.ArrayList;
import java.util.List;

/**
 * A Python file's outline ({@link OutlineText}'s idea for an indented language): the Python chunker reads the module
 * and class bodies, never a function's body, so each function's indented body becomes blank lines and one {@code
 * pass} on the body's last statement row, at the body's indentation. The function's node then ends on the row it
 * ended on (tree-sitter ends a block at its last statement; comment lines after it are kept as they were), every
 * row stays where it was, and every row outside a body keeps its text.
 *
 * <p>The body is found from logical lines, as Python's tokenizer makes them: strings (triple-quoted ones across
 * rows), comments, brackets and backslash continuations join rows; a {@code def} header's logical line ends with
 * {@code :}, and its body is the following logical lines indented deeper (comment-only and blank rows do not end
 * it). A one-line body ({@code def f(): return 1}) is left as it is.
 */
final class PythonOutlineText {
  /** One logical line: its rows, its indentation and what its tokens start and end with. */
  private record Logical(int firstRow, int lastRow, int indent, boolean def, boolean opensBlock) {}

  private PythonOutlineText() {}

  static String of(String text) {
    List<int[]> rows = rows(text); // {start, end} of each row, end before its '\n'
    List<Logical> logical = logicalLines(text, rows);
    String[] replaced = new String[rows.size()];
    int emptiedUntil = -1; // the last row of the body emptied last: headers inside it are gone already
    for (int i = 0; i < logical.size(); i++) {
      Logical header = logical.get(i);
      if (!header.def() || !header.opensBlock() || header.firstRow() <= emptiedUntil) {
        continue;
      }
      int last = -1;
      for (int j = i + 1; j < logical.size() && logical.get(j).indent() > header.indent(); j++) {
        last = j;
      }
      if (last < 0) {
        continue;
      }
      Logical first = logical.get(i + 1);
      int bodyFirstRow = header.lastRow() + 1;
      int bodyLastRow = logical.get(last).lastRow();
      for (int row = bodyFirstRow; row < bodyLastRow; row++) {
        replaced[row] = "";
      }
      int[] firstRow = rows.get(first.firstRow());
      replaced[bodyLastRow] = text.substring(firstRow[0], firstRow[0] + first.indent()) + "pass";
      emptiedUntil = bodyLastRow;
    }
    StringBuilder out = new StringBuilder(text.length());
    for (int row = 0; row < rows.size(); row++) {
      int[] span = rows.get(row);
      out.append(replaced[row] != null ? replaced[row] : text.substring(span[0], span[1]));
      if (span[1] < text.length()) {
        out.append('\n');
      }
    }
    return out.toString();
  }

  private static List<int[]> rows(String text) {
    List<int[]> rows = new ArrayList<>();
    int start = 0;
    for (int end = text.indexOf('\n'); end >= 0; end = text.indexOf('\n', start)) {
      rows.add(new int[] {start, end});
      start = end + 1;
    }
    rows.add(new int[] {start, text.length()});
    return rows;
  }

  /**
   * The logical lines that hold a token (comment-only and blank rows are none), with the indentation of their
   * first row (spaces, tabs and form feeds, counted as characters: only deeper or not matters here).
   */
  private static List<Logical> logicalLines(String text, List<int[]> rows) {
    List<Logical> lines = new ArrayList<>();
    int n = text.length();
    int row = 0;
    while (row < rows.size()) {
      int start = rows.get(row)[0];
      int indent = 0;
      while (start + indent < n && isIndent(text.charAt(start + indent))) {
        indent++;
      }
      int firstRow = row;
      int lastRow = row;
      int depth = 0;
      boolean async = false; // the first token is `async`
      boolean def = false;
      int tokens = 0;
      char last = 0;
      int i = start + indent;
      while (i < n) {
        char c = text.charAt(i);
        if (c == '\n' && depth == 0) {
          break;
        }
        if (c == '\n') {
          row++;
          i++;
        } else if (c == '#') {
          int end = text.indexOf('\n', i);
          i = end < 0 ? n : end;
        } else if (c == '\\' && i + 1 < n && text.charAt(i + 1) == '\n') {
          row++;
          i += 2;
        } else if (c == '"' || c == '\'') {
          int end = stringEnd(text, i);
          for (int k = i; k < end; k++) { // within the string only: a search past it would be quadratic on one line
            if (text.charAt(k) == '\n') {
              row++;
            }
          }
          i = end;
          last = c;
          lastRow = row;
          tokens++;
        } else if (Character.isJavaIdentifierStart(c)) {
          int end = i + 1;
          while (end < n && Character.isJavaIdentifierPart(text.charAt(end))) {
            end++;
          }
          // only a line's first two words matter (`def`, `async def`); a string's prefix (r, b, f...) is a word here
          if (tokens < 2) {
            boolean isDef = isWord(text, i, end, "def");
            def |= tokens == 0 ? isDef : async && isDef;
            async = tokens == 0 && isWord(text, i, end, "async");
          }
          i = end;
          last = text.charAt(end - 1);
          lastRow = row;
          tokens++;
        } else {
          if (c == '(' || c == '[' || c == '{') {
            depth++;
          } else if ((c == ')' || c == ']' || c == '}') && depth > 0) {
            depth--;
          }
          if (!Character.isWhitespace(c)) {
            last = c;
            lastRow = row;
            tokens++;
          }
          i++;
        }
      }
      if (tokens > 0) {
        lines.add(new Logical(firstRow, lastRow, indent, def, last == ':'));
      }
      row++; // past the row the logical line ended on (its '\n', or the text's end)
    }
    return lines;
  }

  private static boolean isWord(String text, int start, int end, String word) {
    return end - start == word.length() && text.startsWith(word, start);
  }

  private static boolean isIndent(char c) {
    return c == ' ' || c == '\t' || c == '\f';
  }

  /** One past the end of the string literal at {@code start} (a quote): triple-quoted or not, escapes honoured. */
  private static int stringEnd(String text, int start) {
    int n = text.length();
    char quote = text.charAt(start);
    boolean triple = start + 2 < n && text.charAt(start + 1) == quote && text.charAt(start + 2) == quote;
    int i = start + (triple ? 3 : 1);
    while (i < n) {
      char c = text.charAt(i);
      if (c == '\\') {
        i += 2;
      } else if (c == quote && (!triple || (i + 2 < n && text.charAt(i + 1) == quote
          && text.charAt(i + 2) == quote))) {
        return i + (triple ? 3 : 1);
      } else if (c == '\n' && !triple) {
        return i; // unclosed: the line ends it
      } else {
        i++;
      }
    }
    return n;
  }
}
