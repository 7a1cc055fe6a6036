package dev.weft.transforms.chunk;

import java.util.List;

/**
 * Markdown: one {@code section} chunk per heading (ATX {@code #}..{@code ######}, and setext: a paragraph
 * underlined with {@code ===} or {@code ---}), symbol = heading text without markers; text before the first
 * heading is the {@code preamble}; sections longer than the cap are paragraph-packed keeping their symbol.
 *
 * <p>A line scanner after CommonMark's block rules, not a full parser: fenced code ({@code ```} or
 * {@code ~~~}, closed by a fence of the same char at least as long; an unclosed fence runs to the end) hides
 * headings; YAML front matter ({@code ---} ... {@code ---} or {@code ...} from line 0) is preamble; a setext
 * underline only counts under a paragraph that does not start as a list item, quote or fence, else
 * {@code ---} is a thematic break. Tabs in indentation count as 4 columns.
 */
public final class MarkdownChunker extends StructuredChunker {
  private static final long serialVersionUID = 1L;

  public MarkdownChunker() {
    this(DEFAULT_MAX_CHARS);
  }

  /** @param maxChars sections longer than this are split with the paragraph packer */
  public MarkdownChunker(int maxChars) {
    super(maxChars);
  }

  @Override
  List<Span> spans(String text, Lines lines) {
    Sections sections = new Sections();
    char fence = 0; // fence char while inside a fenced block, else 0
    int fenceLength = 0;
    int paragraph = -1; // first line of the current paragraph, -1 when none
    boolean titled = false; // whether that paragraph may become a setext heading
    for (int i = frontMatterEnd(lines) + 1; i < lines.count(); i++) {
      if (lines.isBlank(i)) {
        paragraph = -1;
        continue;
      }
      String line = lines.line(i);
      int indent = indent(line);
      int at = skip(line); // a non-blank line has a non-space, non-tab char
      char c = line.charAt(at);
      int run = run(line, at, c);
      if (fence != 0) {
        if (indent <= 3 && c == fence && run >= fenceLength && line.substring(at + run).isBlank()) {
          fence = 0;
        }
        continue;
      }
      if (indent <= 3) {
        if ((c == '`' || c == '~') && run >= 3 && (c == '~' || line.indexOf('`', at + run) < 0)) {
          fence = c;
          fenceLength = run;
          paragraph = -1;
          continue;
        }
        String atx = c == '#' ? atx(line, at) : null;
        if (atx != null) {
          sections.add(i, atx);
          paragraph = -1;
          continue;
        }
        if ((c == '=' || c == '-') && line.substring(at + run).isBlank()) {
          if (paragraph >= 0 && titled) {
            sections.add(paragraph, title(lines, paragraph, i - 1));
            paragraph = -1;
            continue;
          }
          if (c == '-') {
            paragraph = -1; // a thematic break ends the paragraph
            continue;
          }
        }
      }
      if (paragraph < 0) {
        paragraph = i;
        titled = indent <= 3 && mayBeTitle(line, at);
      }
    }
    return sections.layout(lines, maxChars);
  }

  /** Line index of the closing front-matter fence, or -1 when the document has no front matter. */
  private static int frontMatterEnd(Lines lines) {
    if (lines.count() < 2 || !lines.line(0).stripTrailing().equals("---")) {
      return -1;
    }
    for (int i = 1; i < lines.count(); i++) {
      String line = lines.line(i).stripTrailing();
      if (line.equals("---") || line.equals("...")) {
        return i;
      }
    }
    return -1;
  }

  /** The heading text of an ATX heading starting at {@code at}, "" when empty, null when not a heading. */
  private static String atx(String line, int at) {
    int level = 0;
    while (at + level < line.length() && line.charAt(at + level) == '#' && level < 7) {
      level++;
    }
    int after = at + level;
    if (level == 0 || level > 6 || (after < line.length() && line.charAt(after) != ' '
        && line.charAt(after) != '\t')) {
      return null;
    }
    String content = line.substring(after).strip();
    int end = content.length();
    while (end > 0 && content.charAt(end - 1) == '#') {
      end--;
    }
    // A closing run of #'s only counts when a space separates it from the text (or it is all there is).
    if (end == 0) {
      return "";
    }
    if (end < content.length() && (content.charAt(end - 1) == ' ' || content.charAt(end - 1) == '\t')) {
      return content.substring(0, end).strip();
    }
    return content;
  }

  /** Whether a paragraph starting with this line can be a setext heading's text. */
  private static boolean mayBeTitle(String line, int at) {
    char c = line.charAt(at);
    if (c == '>' || c == '#') {
      return false;
    }
    boolean followedBySpace = at + 1 >= line.length() || Character.isWhitespace(line.charAt(at + 1));
    if ((c == '-' || c == '*' || c == '+') && followedBySpace) {
      return false; // bullet list item (or a thematic break)
    }
    int d = at;
    while (d < line.length() && d - at < 9 && Character.isDigit(line.charAt(d))) {
      d++;
    }
    if (d > at && d < line.length() && (line.charAt(d) == '.' || line.charAt(d) == ')')
        && (d + 1 >= line.length() || Character.isWhitespace(line.charAt(d + 1)))) {
      return false; // ordered list item
    }
    return true;
  }

  private static String title(Lines lines, int from, int to) {
    StringBuilder sb = new StringBuilder();
    for (int i = from; i <= to; i++) {
      if (sb.length() > 0) {
        sb.append(' ');
      }
      sb.append(lines.line(i).strip());
    }
    return sb.toString();
  }

  /** Indentation width in columns (a tab advances to the next multiple of 4). */
  private static int indent(String line) {
    int cols = 0;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (c == ' ') {
        cols++;
      } else if (c == '\t') {
        cols += 4 - cols % 4;
      } else {
        break;
      }
    }
    return cols;
  }

  /** Index of the first char after the leading spaces and tabs. */
  private static int skip(String line) {
    int i = 0;
    while (i < line.length() && (line.charAt(i) == ' ' || line.charAt(i) == '\t')) {
      i++;
    }
    return i;
  }

  /** Length of the run of {@code c} starting at {@code at}. */
  private static int run(String line, int at, char c) {
    int end = at;
    while (end < line.length() && line.charAt(end) == c) {
      end++;
    }
    return end - at;
  }
}
