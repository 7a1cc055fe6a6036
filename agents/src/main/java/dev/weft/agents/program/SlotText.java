package dev.weft.agents.program;

import dev.weft.context.env.Environment;

/**
 * A slot's whole text, read a block at a time: the environment answers at most a bounded read, so a caller that
 * needs the whole of a slot it has sized (a piece, a select's result, a child's record) loops. The one home of that
 * loop for the runner and the recursion.
 */
public final class SlotText {
  /** Characters read at a time. */
  public static final int BLOCK = 65_536;

  private SlotText() {}

  /** The whole text of {@code name} (a slot or a piece), as long as {@code stat} says it is. */
  public static String readAll(Environment env, String name) {
    long chars = env.stat(name).chars();
    StringBuilder text = new StringBuilder((int) Math.min(chars, Integer.MAX_VALUE - 8));
    while (text.length() < chars) {
      String block = env.read(name, (int) Math.min(BLOCK, chars - text.length()), text.length());
      if (block.isEmpty()) {
        break;
      }
      text.append(block);
    }
    return text.toString();
  }
}
