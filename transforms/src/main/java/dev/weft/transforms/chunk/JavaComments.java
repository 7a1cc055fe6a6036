package dev.weft.transforms.chunk;

import java.util.Map;

/**
 * Which comments a Java declaration's chunk starts at, one rule for both readings of a Java file (tree-sitter and
 * JavaParser): a comment attaches downward only when nothing but whitespace precedes it on its first line, and a
 * declaration takes the run of such comments that ends on the line above it (or on its own first line).
 */
final class JavaComments {
  private JavaComments() {}

  /**
   * The first line of {@code start}'s declaration with its comments.
   *
   * @param commentStartByEnd for each comment that starts its line: its last line to its first (the smallest first
   *     line when several end on one line)
   */
  static int attachedStart(int start, Map<Integer, Integer> commentStartByEnd) {
    int lead = start;
    Integer same = commentStartByEnd.get(lead);
    if (same != null && same < lead) {
      lead = same;
    }
    for (Integer above = commentStartByEnd.get(lead - 1); above != null; above = commentStartByEnd.get(lead - 1)) {
      lead = above;
    }
    return lead;
  }

  /** True when only whitespace precedes char column {@code column} of line {@code line} (0-based both). */
  static boolean startsItsLine(Lines lines, int line, int column) {
    if (line < 0 || line >= lines.count()) {
      return false;
    }
    int upTo = Math.min(column, lines.length(line));
    for (int c = 0; c < upTo; c++) {
      if (!Character.isWhitespace(lines.charAt(line, c))) {
        return false;
      }
    }
    return true;
  }
}
