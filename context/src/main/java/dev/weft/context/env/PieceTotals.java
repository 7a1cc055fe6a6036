package dev.weft.context.env;

/**
 * What a slot's pieces of one kind add up to, kept in the slot's record so a family's stat reads one record, not
 * every piece.
 *
 * @param spec {@code size:1000}, {@code turn}, or null when there are none
 */
record PieceTotals(String spec, int count, long chars, long bytes, long lines) {
  static final PieceTotals NONE = new PieceTotals(null, 0, 0, 0, 0);

  PieceTotals plus(String spec, TextShape piece) {
    return new PieceTotals(spec, count + 1, chars + piece.chars(), bytes + piece.bytes(), lines + piece.lines());
  }
}
