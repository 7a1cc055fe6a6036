package dev.weft.transforms.chunk;

import java.util.ArrayList;
import java.util.List;

/**
 * Heading-based layout shared by the Markdown and reStructuredText chunkers: text before the first heading is
 * the preamble, each heading starts a section that runs to the line before the next heading, and a section
 * (or preamble) longer than the cap is paragraph-packed into consecutive chunks that keep its symbol.
 */
final class Sections {
  static final String SECTION = "section";

  private final List<Integer> starts = new ArrayList<>();
  private final List<String> titles = new ArrayList<>();

  /** Records a heading whose section starts at {@code line}; headings arrive in line order. */
  void add(int line, String title) {
    starts.add(line);
    titles.add(title == null || title.isBlank() ? null : title.strip());
  }

  List<Span> layout(Lines lines, int maxChars) {
    List<Span> out = new ArrayList<>();
    int first = starts.isEmpty() ? lines.count() : starts.get(0);
    emit(lines, 0, first - 1, Outline.PREAMBLE, null, maxChars, out);
    for (int k = 0; k < starts.size(); k++) {
      int end = k + 1 < starts.size() ? starts.get(k + 1) - 1 : lines.count() - 1;
      emit(lines, starts.get(k), end, SECTION, titles.get(k), maxChars, out);
    }
    return out;
  }

  private static void emit(
      Lines lines, int from, int to, String nodeType, String symbol, int maxChars, List<Span> out) {
    if (from > to || !lines.hasContent(from, to)) {
      return;
    }
    if (lines.chars(from, to) > maxChars) {
      out.addAll(ParagraphChunker.pack(lines, from, to, maxChars, nodeType, symbol));
    } else {
      out.add(new Span(nodeType, symbol, from, to));
    }
  }
}
