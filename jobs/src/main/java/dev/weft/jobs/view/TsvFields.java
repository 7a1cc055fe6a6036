package dev.weft.jobs.view;

/**
 * Makes text from the corpus (paths, headings, symbols) safe for a tab-separated row and for a terminal: a field
 * never splits a row or adds a column, and no control character (ESC, OSC, BEL, ...) reaches the output.
 *
 * <p>Escapes, documented in docs/cli.md: backslash as {@code \\}, tab as {@code \t}, newline as {@code \n}, carriage
 * return as {@code \r}, and every other C0/C1 control character and DEL as {@code \}{@code u00XX}, and the
 * bidirectional formatting characters as {@code \}{@code uXXXX} (U+202E as {@code \}{@code u202e}).
 */
public final class TsvFields {
  private TsvFields() {}

  /** One TSV field: every escape above. */
  public static String field(String text) {
    return escape(text, true);
  }

  /** A message line for a terminal: control characters escaped, backslashes kept as they are. */
  public static String printable(String text) {
    return escape(text, false);
  }

  /** Tab-joined fields, each escaped. */
  public static String row(Object... fields) {
    StringBuilder row = new StringBuilder();
    for (int i = 0; i < fields.length; i++) {
      if (i > 0) {
        row.append('\t');
      }
      row.append(field(fields[i] == null ? null : fields[i].toString()));
    }
    return row.toString();
  }

  private static String escape(String text, boolean backslashToo) {
    if (text == null) {
      return "";
    }
    if (isPlain(text, backslashToo)) {
      return text;
    }
    StringBuilder out = new StringBuilder(text.length() + 8);
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '\\' -> out.append(backslashToo ? "\\\\" : "\\");
        case '\t' -> out.append("\\t");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        default -> {
          if (isControl(c)) {
            out.append(String.format("\\u%04x", (int) c));
          } else {
            out.append(c);
          }
        }
      }
    }
    return out.toString();
  }

  private static boolean isPlain(String text, boolean backslashToo) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (isControl(c) || (backslashToo && c == '\\')) {
        return false;
      }
    }
    return true;
  }

  /**
   * C0, DEL and C1, and the bidirectional formatting characters (U+061C, U+200E/F, U+202A–202E, U+2066–2069): a
   * right-to-left override in an id reorders the rest of the line on a terminal, so a row would show other text
   * than it holds.
   */
  private static boolean isControl(char c) {
    return c < 0x20 || (c >= 0x7f && c <= 0x9f) || isBidiControl(c);
  }

  private static boolean isBidiControl(char c) {
    return c == '\u061c' || c == '\u200e' || c == '\u200f' || (c >= '\u202a' && c <= '\u202e')
        || (c >= '\u2066' && c <= '\u2069');
  }
}
