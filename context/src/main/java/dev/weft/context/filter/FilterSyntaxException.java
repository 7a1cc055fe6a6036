package dev.weft.context.filter;

/**
 * A {@code --where} text the grammar refuses, with the position (0-based character offset) where it went wrong:
 * {@code --where at position 14: expected a value (a "string", a number, true or false), got: and}.
 */
public final class FilterSyntaxException extends IllegalArgumentException {
  private final int position;

  public FilterSyntaxException(int position, String message) {
    super("--where at position " + position + ": " + message);
    this.position = position;
  }

  /** The 0-based offset in the filter text. */
  public int position() {
    return position;
  }
}
