package dev.weft.jobs.report;

/** Text into HTML and SVG: the five characters that could end an element or an attribute. */
final class Html {
  private Html() {}

  static String escape(String text) {
    if (text == null) {
      return "";
    }
    StringBuilder out = new StringBuilder(text.length());
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '&' -> out.append("&amp;");
        case '<' -> out.append("&lt;");
        case '>' -> out.append("&gt;");
        case '"' -> out.append("&quot;");
        case '\'' -> out.append("&#39;");
        default -> out.append(Character.isISOControl(c) && c != '\n' && c != '\t' ? ' ' : c);
      }
    }
    return out.toString();
  }
}
