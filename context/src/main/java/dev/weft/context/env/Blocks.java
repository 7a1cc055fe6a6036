package dev.weft.context.env;

import java.util.ArrayList;
import java.util.List;

/** Cuts content into the blocks it is stored in. */
final class Blocks {
  private Blocks() {}

  /**
   * {@code text} in blocks of at most {@code blockChars} chars; a block ends one char early rather than split a
   * surrogate pair, so every block is valid text on its own (JSON writers refuse half a pair). Empty text has no
   * blocks.
   */
  static List<String> split(String text, int blockChars) {
    List<String> blocks = new ArrayList<>();
    int start = 0;
    while (start < text.length()) {
      int end = safeEnd(text, start, blockChars);
      blocks.add(text.substring(start, end));
      start = end;
    }
    return blocks;
  }

  /**
   * Where a range of at most {@code max} chars from {@code start} ends without splitting a surrogate pair (at
   * least one char further, so a cut always advances).
   */
  static int safeEnd(CharSequence text, int start, int max) {
    int end = (int) Math.min(text.length(), (long) start + max);
    if (end < text.length() && end - start > 1 && Character.isHighSurrogate(text.charAt(end - 1))
        && Character.isLowSurrogate(text.charAt(end))) {
      end--;
    }
    return end;
  }

  /** Where each block starts, the first at {@code first}. */
  static List<Integer> starts(int first, List<String> blocks) {
    List<Integer> starts = new ArrayList<>(blocks.size());
    int at = first;
    for (String block : blocks) {
      starts.add(at);
      at += block.length();
    }
    return starts;
  }
}
