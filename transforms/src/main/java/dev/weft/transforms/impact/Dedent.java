package dev.weft.transforms.impact;

/**
 * Removes the indentation every non-blank line shares, so a method cut out of a Python class parses as a
 * top-level function (an indented first line is a syntax error there). Lines stay lines.
 */
final class Dedent {
  private Dedent() {}

  static String of(String text) {
    String[] lines = text.split("\n", -1);
    int common = Integer.MAX_VALUE;
    for (String line : lines) {
      if (!line.isBlank()) {
        int indent = 0;
        while (indent < line.length() && (line.charAt(indent) == ' ' || line.charAt(indent) == '\t')) {
          indent++;
        }
        common = Math.min(common, indent);
      }
    }
    if (common == 0 || common == Integer.MAX_VALUE) {
      return text;
    }
    StringBuilder out = new StringBuilder(text.length());
    for (int i = 0; i < lines.length; i++) {
      if (i > 0) {
        out.append('\n');
      }
      out.append(lines[i].isBlank() ? "" : lines[i].substring(common));
    }
    return out.toString();
  }
}
