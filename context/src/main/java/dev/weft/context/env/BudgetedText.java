package dev.weft.context.env;

/**
 * A {@link CharSequence} that refuses to be read more than a fixed number of times: the regex engine reads the
 * text through {@code charAt}, so a catastrophically backtracking pattern ({@code (a+)+b} over a long run of
 * {@code a}) runs out of reads and stops with {@link Exhausted} instead of running for hours. The JDK's regex has
 * no timeout; this is the usual way to give it one that does not depend on the clock. The environment's grep and
 * the program runners' per-piece grep both read through it.
 */
public final class BudgetedText implements CharSequence {
  /** The budget ran out. */
  public static final class Exhausted extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Exhausted() {
      super(null, null, false, false);
    }
  }

  private final CharSequence text;
  private final long[] remaining;

  /** {@code remaining} is shared by every text of one operation (a grep over many slots spends one budget). */
  public BudgetedText(CharSequence text, long[] remaining) {
    this.text = text;
    this.remaining = remaining;
  }

  @Override
  public int length() {
    return text.length();
  }

  @Override
  public char charAt(int index) {
    if (--remaining[0] < 0) {
      throw new Exhausted();
    }
    return text.charAt(index);
  }

  @Override
  public CharSequence subSequence(int start, int end) {
    return new BudgetedText(text.subSequence(start, end), remaining);
  }

  @Override
  public String toString() {
    return text.toString();
  }
}
