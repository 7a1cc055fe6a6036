package dev.weft.transforms.chunk;

import java.util.List;

/**
 * reStructuredText: one {@code section} chunk per section title, symbol = title text; text before the first
 * title is the {@code preamble}; sections longer than the cap are paragraph-packed keeping their symbol.
 *
 * <p>A title is a line followed by an underline, optionally also preceded by an overline of the same char:
 * an adornment line is one punctuation char repeated, starting at column 0, at least as long as the title
 * (in code points). Without an overline the title must start at column 0 and follow a blank line, the start
 * of the document or another title, so a paragraph line above a line of dashes is not mistaken for one;
 * with an overline the title may be inset. Indented blocks (literal blocks, directive bodies) never hold
 * titles because adornments must start at column 0.
 */
public final class RstChunker extends StructuredChunker {
  private static final long serialVersionUID = 1L;

  /** The punctuation docutils accepts in section adornments. */
  private static final String ADORNMENTS = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~";

  public RstChunker() {
    this(DEFAULT_MAX_CHARS);
  }

  /** @param maxChars sections longer than this are split with the paragraph packer */
  public RstChunker(int maxChars) {
    super(maxChars);
  }

  @Override
  List<Span> spans(String text, Lines lines) {
    Sections sections = new Sections();
    int lastTitleEnd = -2; // line of the last title's underline
    int n = lines.count();
    for (int i = 0; i < n; i++) {
      char over = adornment(lines, i);
      if (over != 0 && i + 2 < n && !lines.isBlank(i + 1) && adornment(lines, i + 1) == 0
          && adornment(lines, i + 2) == over) {
        int width = width(lines.line(i + 1).strip());
        if (adornedLength(lines, i) >= width && adornedLength(lines, i + 2) >= width) {
          sections.add(i, lines.line(i + 1));
          lastTitleEnd = i + 2;
          i += 2;
          continue;
        }
      }
      if (i + 1 < n && !lines.isBlank(i) && over == 0 && !Character.isWhitespace(lines.charAt(i, 0))
          && (i == 0 || lines.isBlank(i - 1) || lastTitleEnd == i - 1)) {
        char under = adornment(lines, i + 1);
        if (under != 0 && adornedLength(lines, i + 1) >= width(lines.line(i).strip())) {
          sections.add(i, lines.line(i));
          lastTitleEnd = i + 1;
          i += 1;
        }
      }
    }
    return sections.layout(lines, maxChars);
  }

  /** The adornment char when line {@code i} is one punctuation char repeated (trailing spaces allowed). */
  private static char adornment(Lines lines, int i) {
    int len = adornedLength(lines, i);
    if (len == 0) {
      return 0;
    }
    char c = lines.charAt(i, 0);
    if (ADORNMENTS.indexOf(c) < 0) {
      return 0;
    }
    for (int k = 1; k < len; k++) {
      if (lines.charAt(i, k) != c) {
        return 0;
      }
    }
    return c;
  }

  /** Length of line {@code i} without trailing whitespace. */
  private static int adornedLength(Lines lines, int i) {
    int len = lines.length(i);
    while (len > 0 && Character.isWhitespace(lines.charAt(i, len - 1))) {
      len--;
    }
    return len;
  }

  private static int width(String title) {
    return title.codePointCount(0, title.length());
  }
}
