package dev.weft.context.impact;

import java.util.Objects;

/**
 * A chunk that refers to a symbol.
 *
 * @param path corpus-relative path
 * @param line the 1-based line of its first reference (or, unconfirmed, of its first mention)
 * @param symbol the referring chunk's own symbol (the method or class it is), or null for an anonymous chunk
 *     (imports, module-level code)
 * @param confirmed true when the language's parser found a call or reference node with the name; false for a
 *     mention it did not confirm (a comment, a string, a chunk it could not parse, a format without a parser)
 */
public record Caller(String path, int line, String symbol, boolean confirmed) {
  public Caller {
    Objects.requireNonNull(path, "path");
    if (line < 1) {
      throw new IllegalArgumentException("caller line must be at least 1, got: " + line + " in " + path);
    }
  }
}
