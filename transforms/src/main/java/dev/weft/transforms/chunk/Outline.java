package dev.weft.transforms.chunk;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Lays out the declarations a code parser found as non-overlapping spans. Shared by the JavaParser and the
 * tree-sitter chunkers so every code format follows the same rules:
 *
 * <ul>
 *   <li>a leaf declaration (function, method, constructor, a type without member chunks) covers its whole
 *       range, starting at the comments and decorators directly above it;
 *   <li>a container (a type with member chunks) keeps its header, from its start to the line before its first
 *       member chunk; lines between members (fields, initializers) become more chunks of the container (same
 *       nodeType and symbol); its last line belongs to no chunk when it holds only closing brackets;
 *   <li>top-level lines before the first declaration are one {@value #PREAMBLE} chunk (file header,
 *       package, imports); top-level lines between or after declarations (module-level statements) are
 *       {@value #STATEMENTS}, paragraph-packed when longer than the cap; a file without any declaration is
 *       all preamble, also packed, so a script is not one huge chunk;
 *   <li>a declaration that starts on a line already taken (e.g. a one-line class with its methods) stays
 *       inside the chunk that took the line.
 * </ul>
 */
final class Outline {
  static final String PREAMBLE = "preamble";
  static final String STATEMENTS = "statements";
  /** Deeper nesting than this is left inside the enclosing chunk; bounds recursion on hostile input. */
  static final int MAX_DEPTH = 32;

  /**
   * A declaration found by a parser.
   *
   * @param start first line, including the comments/decorators attached above it (0-based)
   * @param end last line (0-based, inclusive)
   * @param members member declarations that get their own chunks (empty for leaves)
   */
  record Decl(String nodeType, String symbol, int start, int end, List<Decl> members) {}

  private final Lines lines;
  private final int maxChars;
  private final List<Span> out = new ArrayList<>();

  private Outline(Lines lines, int maxChars) {
    this.lines = lines;
    this.maxChars = maxChars;
  }

  static List<Span> layout(Lines lines, List<Decl> topLevel, int maxChars) {
    Outline outline = new Outline(lines, maxChars);
    outline.top(sorted(topLevel));
    return outline.out;
  }

  private void top(List<Decl> decls) {
    int cursor = 0;
    boolean first = true;
    for (Decl d : decls) {
      int start = Math.max(d.start(), cursor);
      if (start > d.end() || d.end() >= lines.count()) {
        continue;
      }
      gap(cursor, start - 1, first ? PREAMBLE : STATEMENTS, !first);
      first = false;
      cursor = place(d, start);
    }
    gap(cursor, lines.count() - 1, first ? PREAMBLE : STATEMENTS, true);
  }

  /** Emits {@code d} starting at {@code start}; returns the first line after it. */
  private int place(Decl d, int start) {
    int cursor = start + 1; // the first line is always the declaration's own
    int segment = start;
    boolean placedMember = false;
    for (Decl m : sorted(d.members())) {
      int ms = Math.max(m.start(), cursor);
      if (ms > m.end() || m.end() > d.end()) {
        continue;
      }
      own(d, segment, ms - 1);
      placedMember = true;
      cursor = place(m, ms);
      segment = cursor;
    }
    if (!placedMember) {
      out.add(new Span(d.nodeType(), d.symbol(), start, d.end()));
    } else {
      own(d, segment, closersOnly(d.end()) ? d.end() - 1 : d.end());
    }
    return d.end() + 1;
  }

  /** A container's own lines {@code from..to} (blank edges are trimmed when chunks are built). */
  private void own(Decl d, int from, int to) {
    if (from <= to && lines.hasContent(from, to)) {
      out.add(new Span(d.nodeType(), d.symbol(), from, to));
    }
  }

  private void gap(int from, int to, String nodeType, boolean pack) {
    if (from > to || !lines.hasContent(from, to)) {
      return;
    }
    if (pack && lines.chars(from, to) > maxChars) {
      out.addAll(ParagraphChunker.pack(lines, from, to, maxChars, nodeType, null));
    } else {
      out.add(new Span(nodeType, null, from, to));
    }
  }

  /** True when line {@code i} holds nothing but whitespace and the closers } ) ] ; , (a type's last line). */
  private boolean closersOnly(int i) {
    int n = lines.length(i);
    for (int c = 0; c < n; c++) {
      char ch = lines.charAt(i, c);
      if (!(Character.isWhitespace(ch) || ch == '}' || ch == ')' || ch == ']' || ch == ';' || ch == ',')) {
        return false;
      }
    }
    return true;
  }

  private static List<Decl> sorted(List<Decl> decls) {
    if (decls.size() < 2) {
      return decls;
    }
    List<Decl> copy = new ArrayList<>(decls);
    copy.sort(Comparator.comparingInt(Decl::start).thenComparingInt(Decl::end));
    return copy;
  }
}
