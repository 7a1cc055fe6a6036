package dev.weft.context.error;

/**
 * Bounds what a one-line message quotes of a value a user or a model gave (an id, a query, evidence, a line of a
 * file): a message must stay one readable line, and a megabyte of evidence echoed back is neither (docs/cli.md,
 * "Bounds").
 */
public final class Quote {
  /** The most characters of a value a message quotes whole. */
  public static final int MAX_CHARS = 200;

  private Quote() {}

  /**
   * {@code value} when it has at most {@link #MAX_CHARS} characters, else its first {@link #MAX_CHARS} followed by
   * {@code … (N chars)}; {@code null} stays {@code "null"}, as string concatenation would print it.
   */
  public static String of(Object value) {
    return of(String.valueOf(value));
  }

  /** As {@link #of(Object)}, for a string. */
  public static String of(String value) {
    if (value == null) {
      return "null";
    }
    if (value.length() <= MAX_CHARS) {
      return value;
    }
    int end = MAX_CHARS;
    if (Character.isHighSurrogate(value.charAt(end - 1))) {
      end--; // never split a pair: half of one is not a character
    }
    return value.substring(0, end) + "… (" + value.length() + " chars)";
  }
}
