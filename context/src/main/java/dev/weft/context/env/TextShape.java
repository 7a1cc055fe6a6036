package dev.weft.context.env;

/**
 * Characters, UTF-8 bytes and lines of some text. Lines count each {@code \n} and a last line without one; bytes
 * count a surrogate pair as the 4 bytes UTF-8 gives it.
 */
record TextShape(long chars, long bytes, long lines) {
  static final TextShape EMPTY = new TextShape(0, 0, 0);

  static TextShape of(CharSequence text) {
    return of(text, 0, text.length());
  }

  /** The shape of {@code text[start, end)}. */
  static TextShape of(CharSequence text, int start, int end) {
    long bytes = 0;
    long newlines = 0;
    for (int i = start; i < end; i++) {
      char c = text.charAt(i);
      if (c < 0x80) {
        bytes++;
        if (c == '\n') {
          newlines++;
        }
      } else if (c < 0x800 || Character.isSurrogate(c)) {
        bytes += 2;
      } else {
        bytes += 3;
      }
    }
    boolean openLastLine = end > start && text.charAt(end - 1) != '\n';
    return new TextShape(end - start, bytes, newlines + (openLastLine ? 1 : 0));
  }

  /** This followed by {@code next}, when this ends with a newline (or is empty), as a transcript always does. */
  TextShape plus(TextShape next) {
    return new TextShape(chars + next.chars, bytes + next.bytes, lines + next.lines);
  }
}
